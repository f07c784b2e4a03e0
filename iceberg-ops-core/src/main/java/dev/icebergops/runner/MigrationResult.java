package dev.icebergops.runner;

import dev.icebergops.history.RunLease;
import java.util.List;
import java.util.Optional;

/**
 * What a {@code migrate}, {@code rollback} or {@code stamp} run did.
 *
 * @param namespace the namespace migrated
 * @param steps the versions applied, rolled back or stamped, in the order processed
 * @param currentVersion the highest applied version afterwards, or null when none is applied
 * @param takenOverLease the expired lease of a dead run that this run took over, or null
 */
public record MigrationResult(
    String namespace, List<MigrationStep> steps, String currentVersion, RunLease takenOverLease) {

  /** Copies the step list. */
  public MigrationResult {
    steps = List.copyOf(steps);
  }

  /**
   * A result without a taken-over lease.
   *
   * @param namespace the namespace migrated
   * @param steps the versions processed, in order
   * @param currentVersion the highest applied version afterwards, or null
   */
  public MigrationResult(String namespace, List<MigrationStep> steps, String currentVersion) {
    this(namespace, steps, currentVersion, null);
  }

  /** The versions processed, in order. */
  public List<String> versions() {
    return steps.stream().map(MigrationStep::version).toList();
  }

  /** The highest applied version afterwards, if any. */
  public Optional<String> current() {
    return Optional.ofNullable(currentVersion);
  }
}
