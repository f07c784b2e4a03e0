package dev.icebergops.migration;

import java.util.Objects;

/**
 * A migration found by a {@link MigrationSource}: its instance, version, description and the
 * fingerprint of its class.
 *
 * @param version the four-digit version
 * @param description the description
 * @param migration the instance, created by the {@link MigrationFactory}
 * @param checksum the fingerprint of the class's bytecode, to detect edits after it was applied
 */
public record ResolvedMigration(
    String version, String description, Migration migration, String checksum) {

  /** Checks the components. */
  public ResolvedMigration {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(migration, "migration");
  }

  /** The migration class's name. */
  public String className() {
    return migration.getClass().getName();
  }

  @Override
  public String toString() {
    return version + " (" + description + ")";
  }
}
