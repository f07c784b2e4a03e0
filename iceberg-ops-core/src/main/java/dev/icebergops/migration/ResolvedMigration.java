package dev.icebergops.migration;

import java.util.Objects;

/**
 * A migration found by a {@link MigrationSource}: its instance, version, description and the
 * fingerprint of its class, and whether it is a baseline ({@code B<NNNN>__<Description>}): a
 * migration that builds the state of its version directly, for a namespace that has no history.
 *
 * @param version the four-digit version
 * @param description the description
 * @param migration the instance, created by the {@link MigrationFactory}
 * @param checksum the fingerprint of the class's bytecode, to detect edits after it was applied
 * @param baseline true for a baseline migration, false for a versioned one
 */
public record ResolvedMigration(
    String version, String description, Migration migration, String checksum, boolean baseline) {

  /** Checks the components. */
  public ResolvedMigration {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(migration, "migration");
  }

  /**
   * A versioned migration, not a baseline.
   *
   * @param version the four-digit version
   * @param description the description
   * @param migration the instance
   * @param checksum the fingerprint of the class
   */
  public ResolvedMigration(
      String version, String description, Migration migration, String checksum) {
    this(version, description, migration, checksum, false);
  }

  /**
   * Whether this is a baseline migration ({@code B<NNNN>__<Description>}), which builds the state
   * of its version directly instead of after the versions below it.
   *
   * @return true for a baseline
   */
  public boolean isBaseline() {
    return baseline;
  }

  /** The migration class's name. */
  public String className() {
    return migration.getClass().getName();
  }

  @Override
  public String toString() {
    return version + " (" + description + ")" + (baseline ? " [baseline]" : "");
  }
}
