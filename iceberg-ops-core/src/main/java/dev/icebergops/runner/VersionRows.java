package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.ResolvedMigration;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The history rows a run writes for its versions, in whatever state they record: running, done,
 * failed, stamped, or rolled back with nothing to undo; each timestamped by the runner's clock.
 */
record VersionRows(String namespace, Clock clock) {

  /** The row of one version, operation and run, with the tables' uuids after it. */
  HistoryRecord row(
      ResolvedMigration resolved,
      String operation,
      String runId,
      Status status,
      List<String> steps,
      String error,
      long durationMs,
      Map<String, String> tableUuids) {
    return new HistoryRecord(
        resolved.version(),
        namespace,
        resolved.description(),
        status,
        error,
        resolved.checksum(),
        clock.instant(),
        durationMs,
        operation,
        steps,
        runId,
        tableUuids);
  }

  /** The row saying a version's upgrade or downgrade runs, with the steps it has done so far. */
  HistoryRecord running(
      ResolvedMigration resolved, Operation operation, String runId, List<String> steps) {
    return row(
        resolved,
        operation.recordedFor(resolved),
        runId,
        Status.RUNNING,
        steps,
        null,
        0L,
        Map.of());
  }

  /** The row recording a version as applied without running it, with the tables' uuids. */
  HistoryRecord stamped(ResolvedMigration resolved, String runId, Map<String, String> tableUuids) {
    return row(resolved, "stamp", runId, Status.APPLIED, List.of(), null, 0L, tableUuids);
  }

  /**
   * The row recording a failed version as rolled back although nothing of it was committed; its
   * description as recorded when its class is gone ({@code resolved} null).
   */
  HistoryRecord nothingToUndo(ResolvedMigration resolved, HistoryRecord failed, String runId) {
    return new HistoryRecord(
        failed.version(),
        namespace,
        resolved == null ? failed.description() : resolved.description(),
        Status.ROLLED_BACK,
        null,
        failed.checksum(),
        clock.instant(),
        0L,
        "downgrade",
        List.of(),
        runId);
  }
}
