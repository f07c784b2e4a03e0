package dev.icebergops.migration;

/**
 * Thrown by a {@link Migration#downgrade} that cannot restore the state before its upgrade (a
 * dropped column, a type promotion, a legacy archival). Throw it as the first statement, before any
 * change: the runner stops the rollback and the version stays applied.
 *
 * <pre>{@code
 * public void downgrade(MigrationContext ctx) {
 *   throw new IrreversibleMigrationException("duration__legacy_1 holds the old values");
 * }
 * }</pre>
 */
public class IrreversibleMigrationException extends UnsupportedOperationException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param reason why the upgrade cannot be undone, and what to do by hand instead
   */
  public IrreversibleMigrationException(String reason) {
    super(reason);
  }
}
