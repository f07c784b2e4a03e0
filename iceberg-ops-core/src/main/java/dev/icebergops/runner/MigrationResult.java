package dev.icebergops.runner;

import java.util.List;
import java.util.Optional;

/**
 * What a {@code migrate}, {@code rollback} or {@code stamp} run did.
 *
 * @param namespace the namespace migrated
 * @param steps the versions applied, rolled back or stamped, in the order processed
 * @param currentVersion the highest applied version afterwards, or null when none is applied
 */
public record MigrationResult(String namespace, List<MigrationStep> steps, String currentVersion) {

  /** Copies the step list. */
  public MigrationResult {
    steps = List.copyOf(steps);
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
