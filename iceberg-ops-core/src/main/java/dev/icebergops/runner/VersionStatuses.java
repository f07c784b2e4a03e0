package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationStatus.State;
import java.util.List;
import java.util.TreeSet;

/**
 * The status of every known version of a namespace (those with a class, and those recorded in
 * history), from its state: below the baseline, pending, applied, missing, failed, running,
 * interrupted, unreadable.
 */
final class VersionStatuses {

  private VersionStatuses() {}

  static List<MigrationStatus> of(NamespaceState known) {
    TreeSet<String> versions = new TreeSet<>();
    known.migrations().forEach(m -> versions.add(m.version()));
    known.rows().forEach(r -> versions.add(r.version()));
    return versions.stream()
        .map(version -> status(known, version, known.migration(version), known.row(version)))
        .toList();
  }

  /** The status of a version no history row of its own stands for: no time, no checksum. */
  private static MigrationStatus unrecorded(
      String version, String description, State state, String note, String baselineVersion) {
    return new MigrationStatus(
        version, description, state, null, note, false, baselineVersion, null);
  }

  private static MigrationStatus status(
      NamespaceState known, String version, ResolvedMigration migration, HistoryRecord row) {
    String covering = known.coveringBaseline(version);
    if (covering != null) {
      return unrecorded(version, migration.description(), State.BELOW_BASELINE, null, covering);
    }
    ResolvedMigration planned = row == null ? known.plannedBaseline(null) : null;
    if (planned != null && planned.version().equals(version)) {
      return unrecorded(version, planned.description(), State.PENDING, null, version);
    }
    String description = migration != null ? migration.description() : row.description();
    if (row == null && known.isDeletedRow(version)) {
      return unrecorded(
          version,
          description,
          State.MISSING_FROM_HISTORY,
          NamespaceState.deletedRowAdvice(version),
          null);
    }
    if (row == null) {
      String note =
          known.tablesWithoutHistory().isEmpty()
              ? null
              : "not in history although " + known.tablesWithoutHistoryReason(known.namespace());
      return unrecorded(version, description, State.PENDING, note, null);
    }
    State state =
        switch (row.status()) {
          case APPLIED -> migration == null ? State.MISSING : State.APPLIED;
          case ROLLED_BACK -> State.ROLLED_BACK;
          case FAILED -> State.FAILED;
          case PENDING -> State.PENDING;
          case RUNNING -> known.isRunningNow(row) ? State.RUNNING : State.INTERRUPTED;
          case UNREADABLE -> State.UNREADABLE;
        };
    String error = row.error();
    if (state == State.INTERRUPTED) {
      error = NamespaceState.interruption(row);
    } else if (state == State.UNREADABLE) {
      error = known.unreadable(row);
    }
    return new MigrationStatus(
        version,
        description,
        state,
        state == State.UNREADABLE ? null : row.updatedAt(),
        error,
        NamespaceState.isChanged(migration, row),
        row == known.baselineRow() ? version : null,
        null);
  }
}
