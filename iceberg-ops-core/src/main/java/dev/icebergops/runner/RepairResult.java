package dev.icebergops.runner;

import java.util.List;

/**
 * What {@link MigrationRunner#repair()} changed in the history.
 *
 * @param namespace the namespace repaired
 * @param changes one entry per row changed, in version order; empty when nothing needed repair
 */
public record RepairResult(String namespace, List<Change> changes) {

  /** Copies the list. */
  public RepairResult {
    changes = List.copyOf(changes);
  }

  /**
   * One history row that repair changed.
   *
   * @param version the version
   * @param description the migration's description
   * @param change what was changed, for example {@code marked pending (was failed)}
   */
  public record Change(String version, String description, String change) {}
}
