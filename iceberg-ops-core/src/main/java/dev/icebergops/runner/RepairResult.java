package dev.icebergops.runner;

import java.util.List;

/**
 * What {@link MigrationRunner#repair()} changed in the history, and what {@link
 * MigrationRunner#repair(StagedRepair)} did with the staged data branches.
 *
 * @param namespace the namespace repaired
 * @param changes one entry per row changed and per branch published or dropped, in version order;
 *     empty when nothing needed repair
 */
public record RepairResult(String namespace, List<Change> changes) {

  /** Copies the list. */
  public RepairResult {
    changes = List.copyOf(changes);
  }

  /**
   * One history row that repair changed, or one staged data branch of it that repair published or
   * dropped.
   *
   * @param version the version
   * @param description the migration's description
   * @param change what was changed, for example {@code marked pending (was failed)} or {@code
   *     published branch B onto main of ns.payments}
   */
  public record Change(String version, String description, String change) {}
}
