package dev.icebergops.autogen;

import java.util.List;

/**
 * A migration that {@link RevisionGenerator} worked out: the changes it makes and its Java source.
 *
 * <pre>{@code
 * Revision revision = RevisionGenerator.forTable("orders", table).against(contract).orElseThrow();
 * Files.writeString(dir.resolve("V0004__AddRegion.java"), revision.toJava(null, "V0004__AddRegion"));
 * }</pre>
 */
public final class Revision {

  private final String table;
  private final String origin;
  private final List<Step> steps;

  Revision(String table, String origin, List<Step> steps) {
    this.table = table;
    this.origin = origin;
    this.steps = List.copyOf(steps);
  }

  /** The changes, one line each, for example {@code add region (string)}. */
  public List<String> changes() {
    return steps.stream().map(Step::describe).toList();
  }

  /**
   * True when the generated upgrade() throws first because a type change is not an Iceberg
   * promotion or a nested field must become required; the author must finish the file (legacy
   * archival, a data migration or a relaxed contract).
   */
  public boolean needsManualChange() {
    return steps.stream().anyMatch(Step::blocking);
  }

  /** True when the generated downgrade() throws first (a drop or a type change). */
  public boolean irreversible() {
    return steps.stream().anyMatch(s -> !s.reversible());
  }

  /**
   * Renders the migration class.
   *
   * @param packageName the package, or null for none (a {@code filesystem:} location)
   * @param className the class name, {@code V<NNNN>__<Description>}
   * @return the Java source
   */
  public String toJava(String packageName, String className) {
    return new JavaWriter(table).migration(packageName, className, origin, steps);
  }

  /**
   * An empty migration class to fill in by hand.
   *
   * @param packageName the package, or null for none
   * @param className the class name, {@code V<NNNN>__<Description>}
   * @return the Java source
   */
  public static String skeleton(String packageName, String className) {
    return JavaWriter.header(packageName)
        + """
        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;

        public class %s extends BaseMigration {

          @Override
          public void upgrade(MigrationContext ctx) {
            // for example: ctx.enforceColumn("orders", "region", "string");
          }

          @Override
          public void downgrade(MigrationContext ctx) {
            // undo upgrade(), or throw new IrreversibleMigrationException("why") first
          }
        }
        """
            .formatted(className);
  }

  @Override
  public String toString() {
    return "Revision of " + table + changes();
  }
}
