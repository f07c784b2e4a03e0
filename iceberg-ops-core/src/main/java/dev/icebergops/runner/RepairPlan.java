package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.ResolvedMigration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What repair changes: edited checksums accepted, failed and interrupted versions pending, rows
 * another writer left unreadable removed (listed as rows with status unreadable, which the journal
 * removes), and statuses another writer spelled another way rewritten.
 */
record RepairPlan(List<HistoryRecord> rows, List<RepairResult.Change> changes) {

  static RepairPlan of(NamespaceState state, Instant now, String runId) {
    List<HistoryRecord> rows = new ArrayList<>();
    List<RepairResult.Change> changes = new ArrayList<>();
    for (HistoryRecord row : state.rows()) {
      ResolvedMigration migration = state.migration(row.version());
      if (NamespaceState.isChanged(migration, row)) {
        // an applied baseline stays the baseline's row: its operation says so
        rows.add(
            copy(
                row,
                Status.APPLIED,
                row.error(),
                migration.checksum(),
                now,
                runId,
                NamespaceState.isBaselineRow(row) ? NamespaceState.BASELINE : "repair"));
        changes.add(
            change(
                row,
                "accepted checksum " + migration.checksum() + " (was " + row.checksum() + ")"));
      } else if (row.status() == Status.UNREADABLE) {
        // the journal removes an unreadable row: the version then reads as missing from history
        rows.add(row);
        changes.add(change(row, "removed its unreadable row: " + row.error()));
      } else if (row.status() == Status.FAILED || state.isInterrupted(row)) {
        String was = row.status() == Status.FAILED ? "failed" : "interrupted";
        String before =
            row.status() == Status.FAILED ? row.error() : NamespaceState.interruption(row);
        rows.add(
            copy(
                row,
                Status.PENDING,
                "repaired; was " + was + ": " + before,
                migration == null ? row.checksum() : migration.checksum(),
                now,
                runId,
                "repair"));
        changes.add(change(row, "marked pending (was " + was + ")"));
      } else if (state.respelled().contains(row.version())) {
        rows.add(copy(row, row.status(), row.error(), row.checksum(), now, runId, row.operation()));
        changes.add(change(row, "rewrote its status as " + row.status().value()));
      }
    }
    return new RepairPlan(rows, changes);
  }

  private static RepairResult.Change change(HistoryRecord row, String change) {
    return new RepairResult.Change(row.version(), row.description(), change);
  }

  private static HistoryRecord copy(
      HistoryRecord row,
      Status status,
      String error,
      String checksum,
      Instant now,
      String runId,
      String operation) {
    return new HistoryRecord(
        row.version(),
        row.namespace(),
        row.description(),
        status,
        error,
        checksum,
        now,
        row.durationMs(),
        operation,
        row.steps(),
        runId,
        row.tableUuids());
  }
}
