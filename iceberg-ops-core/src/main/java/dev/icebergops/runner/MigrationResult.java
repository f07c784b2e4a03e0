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
 * @param baselineVersion the version of the baseline migration this run applied (a {@code migrate}
 *     of a namespace without history), or null when it applied none
 */
public record MigrationResult(
    String namespace,
    List<MigrationStep> steps,
    String currentVersion,
    RunLease takenOverLease,
    String baselineVersion) {

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
    this(namespace, steps, currentVersion, null, null);
  }

  /** The versions processed, in order. */
  public List<String> versions() {
    return steps.stream().map(MigrationStep::version).toList();
  }

  /**
   * The baseline migration this run applied instead of the versions up to it, if any.
   *
   * @return its version, e.g. {@code 0250}
   */
  public Optional<String> baseline() {
    return Optional.ofNullable(baselineVersion);
  }

  /** The highest applied version afterwards, if any. */
  public Optional<String> current() {
    return Optional.ofNullable(currentVersion);
  }
}
