package dev.icebergops.migration;

/**
 * One versioned schema migration: an {@link #upgrade} and the {@link #downgrade} that reverses it,
 * plus optional hooks around each.
 *
 * <p>Implementations are usually named {@code V<NNNN>__<Description>} and extend {@link
 * BaseMigration}, which derives {@link #version()} and {@link #description()} from that name:
 *
 * <pre>{@code
 * public class V0002__AddRegionToOrders extends BaseMigration {
 *   @Override public void upgrade(MigrationContext ctx) {
 *     ctx.enforceColumn("orders", "region", Types.StringType.get());
 *   }
 *   @Override public void downgrade(MigrationContext ctx) {
 *     ctx.deleteColumn("orders", "region");
 *   }
 * }
 * }</pre>
 *
 * <p>{@code upgrade} must be idempotent: a failed version is pending again, and two concurrent runs
 * may both execute it. A {@code downgrade} that cannot restore the prior state throws {@link
 * IrreversibleMigrationException} as its first statement, before changing anything.
 *
 * <p>Hook semantics: a failing {@code preUpgrade} records the version as failed and stops the run;
 * a failing {@code postUpgrade} is logged (the version stays applied); a failing {@code
 * preDowngrade} stops the rollback with the version still applied; a failing {@code postDowngrade}
 * is logged (the version stays rolled back).
 */
public interface Migration {

  /** The four-digit version, for example {@code "0002"}; unique within a migration set. */
  String version();

  /** A human-readable description, shown by status and history. */
  String description();

  /**
   * The fingerprint recorded when this migration is applied, compared on every later run to detect
   * an edit. Return null (the default) to let iceberg-ops compute it from the class files of this
   * class and of every class nested in or generated from it, without debug attributes: recompiling
   * does not change it, editing code or a constant does.
   *
   * @return a stable fingerprint of this migration, or null for the computed one
   */
  default String checksum() {
    return null;
  }

  /**
   * Applies the migration. Each context helper is its own Iceberg commit.
   *
   * @param ctx the context bound to the runner's catalog and namespace
   * @throws Exception to fail the migration; the version is recorded as failed
   */
  void upgrade(MigrationContext ctx) throws Exception;

  /**
   * Reverses {@link #upgrade}.
   *
   * @param ctx the context bound to the runner's catalog and namespace
   * @throws IrreversibleMigrationException when the upgrade cannot be undone
   * @throws Exception to fail the rollback; the version stays applied
   */
  void downgrade(MigrationContext ctx) throws Exception;

  /**
   * Runs before {@link #upgrade}, for example as a data-quality gate.
   *
   * @param ctx the context
   * @throws Exception to refuse the migration; it is recorded as failed and the run stops
   */
  default void preUpgrade(MigrationContext ctx) throws Exception {}

  /**
   * Runs after {@link #upgrade} has been recorded as applied.
   *
   * @param ctx the context
   * @throws Exception is logged as a warning; nothing is rolled back
   */
  default void postUpgrade(MigrationContext ctx) throws Exception {}

  /**
   * Runs before {@link #downgrade}.
   *
   * @param ctx the context
   * @throws Exception stops the rollback; the version stays applied
   */
  default void preDowngrade(MigrationContext ctx) throws Exception {}

  /**
   * Runs after {@link #downgrade} has been recorded as rolled back.
   *
   * @param ctx the context
   * @throws Exception is logged as a warning
   */
  default void postDowngrade(MigrationContext ctx) throws Exception {}
}
