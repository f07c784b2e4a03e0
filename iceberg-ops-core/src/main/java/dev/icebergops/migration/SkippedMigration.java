package dev.icebergops.migration;

import java.util.Objects;

/**
 * A class or file that looks like a migration but that a {@link MigrationSource} leaves out, and
 * why: a migration class in a package next to the configured one (a typo such as {@code db.icebreg}
 * for {@code db.iceberg}), or a source file in a migrations directory whose name is not {@code
 * V<NNNN>__<Description>.java}. Nothing is wrong with the set itself, so resolving does not fail;
 * the source logs each at WARN, {@link MigrationSource#skipped(String)} lists them, the command
 * line's {@code status --json} and {@code plan --json} list them, and the toolkit's report shows
 * them.
 *
 * <pre>{@code
 * runner.skipped().forEach(s -> log.warn("Skipped {}: {}", s.name(), s.reason()));
 * }</pre>
 *
 * @param name the class's fully qualified name, or the file's path
 * @param reason why it is not a migration of the source, and what to do about it
 */
public record SkippedMigration(String name, String reason) {

  /**
   * Checks both parts.
   *
   * @param name the class or file
   * @param reason why it was skipped
   * @throws NullPointerException if either is null
   */
  public SkippedMigration {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(reason, "reason");
  }

  /** {@code name: reason}. */
  @Override
  public String toString() {
    return name + ": " + reason;
  }
}
