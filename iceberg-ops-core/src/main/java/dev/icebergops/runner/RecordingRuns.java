package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.internal.HistoryWriter;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.internal.StagedBranches.State;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.Catalog;

/**
 * The runs of one namespace that only record, under its run lease, and run no migration: repair,
 * forgetting the history, and releasing the lease by hand.
 *
 * @param view the namespace's reads, and what the runs reach its history through
 */
record RecordingRuns(NamespaceView view) {

  private String namespace() {
    return view.namespace();
  }

  /**
   * Accepts edited checksums, publishes or drops ({@code staged}; null: refuses) the branches
   * failed and interrupted versions left unpublished, marks those versions pending, drops bad rows.
   */
  RepairResult repair(StagedRepair staged) {
    try (HeldLease lease = LeaseTaking.open(view, "repair " + namespace())) {
      HistoryLog journal = lease.log();
      NamespaceState state = view.state(journal.state());
      List<RepairResult.Change> changes =
          new ArrayList<>(branches(state, lease.fenced(view.catalog(), null), staged));
      journal.finish(repairRows(state, view.config().clock().instant(), journal.runId(), changes));
      changes.sort(Comparator.comparing(RepairResult.Change::version));
      changes.forEach(
          c -> LOG.info("Repaired migration {} in {}: {}", c.version(), namespace(), c.change()));
      return new RepairResult(namespace(), changes);
    }
  }

  /**
   * Publishes or drops the branches that failed and interrupted versions left neither published nor
   * dropped, or changes nothing and refuses when the operator did not say which (or said publish of
   * a branch whose audit did not pass).
   */
  private List<RepairResult.Change> branches(
      NamespaceState state, Catalog fenced, StagedRepair staged) {
    List<StagedLeftover> open =
        state.rows().stream()
            .filter(row -> row.status() == Status.FAILED || state.isInterrupted(row))
            .flatMap(row -> StagedLeftover.of(row, fenced, view.remote()).stream())
            .filter(StagedLeftover::isOpen)
            .toList();
    List<StagedLeftover> refused =
        staged == null
            ? open
            : open.stream()
                .filter(b -> staged == StagedRepair.PUBLISH && b.state() != State.AUDITED)
                .toList();
    if (!refused.isEmpty()) {
      String left = refused.stream().map(StagedLeftover::left).collect(Collectors.joining(", "));
      throw new IllegalStateException(
          "Cannot repair %s: %s; %s"
              .formatted(
                  namespace(),
                  left,
                  staged == null
                      ? "repair with repair(StagedRepair.PUBLISH) or repair(StagedRepair.DROP)"
                      : "only an audited branch is published: drop it with"
                          + " repair(StagedRepair.DROP)"));
    }
    return open.stream()
        .map(
            branch ->
                new RepairResult.Change(
                    branch.version(),
                    state.row(branch.version()).description(),
                    branch.repair(staged, fenced, view.remote())))
        .toList();
  }

  /**
   * The rows repair writes: edited checksums accepted, failed and interrupted versions pending,
   * rows another writer left unreadable removed (listed as rows with status unreadable, which the
   * journal removes), and statuses another writer spelled another way rewritten; each change is
   * added to {@code changes}.
   */
  private static List<HistoryRecord> repairRows(
      NamespaceState state, Instant now, String runId, List<RepairResult.Change> changes) {
    List<HistoryRecord> rows = new ArrayList<>();
    for (HistoryRecord row : state.rows()) {
      ResolvedMigration migration = state.migration(row.version());
      Status status = row.status();
      String error = row.error();
      String checksum = migration == null ? row.checksum() : migration.checksum();
      String operation = "repair";
      String what;
      if (NamespaceState.isChanged(migration, row)) {
        // an applied baseline stays the baseline's row: its operation says so
        operation = NamespaceState.isBaselineRow(row) ? NamespaceState.BASELINE : "repair";
        what = "accepted checksum " + checksum + " (was " + row.checksum() + ")";
      } else if (status == Status.UNREADABLE) {
        // the journal removes an unreadable row: the version then reads as missing from history
        rows.add(row);
        changes.add(change(row, "removed its unreadable row: " + error));
        continue;
      } else if (status == Status.FAILED || state.isInterrupted(row)) {
        String was = status == Status.FAILED ? "failed" : "interrupted";
        error =
            "repaired; was %s: %s"
                .formatted(was, status == Status.FAILED ? error : NamespaceState.interruption(row));
        status = Status.PENDING;
        what = "marked pending (was " + was + ")";
      } else if (state.respelled().contains(row.version())) {
        checksum = row.checksum();
        operation = row.operation();
        what = "rewrote its status as " + status.value();
      } else {
        continue;
      }
      rows.add(
          new HistoryRecord(
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
              row.tableUuids()));
      changes.add(change(row, what));
    }
    return rows;
  }

  private static RepairResult.Change change(HistoryRecord row, String change) {
    return new RepairResult.Change(row.version(), row.description(), change);
  }

  /** Deletes every history row of the namespace under its lease; returns how many. */
  int forget() {
    NamespaceHistory read = view.read();
    if (read.rows().isEmpty() && read.lease().isEmpty()) {
      return 0;
    }
    try (HeldLease lease = LeaseTaking.open(view, "forget the history of " + namespace())) {
      HistoryLog journal = lease.log();
      int deleted = journal.state().rows().size();
      journal.forgetAndFinish();
      LOG.info("Deleted the {} history rows of namespace {}", deleted, namespace());
      return deleted;
    }
  }

  /** Releases the namespace's lease whoever holds it; empty when none was held. */
  Optional<RunLease> releaseLease() {
    String what = "release the run lease of " + namespace();
    return view.config()
        .retry(what)
        .run(
            () -> {
              NamespaceHistory read = view.read();
              Optional<RunLease> held = read.lease();
              if (held.isPresent()) {
                view.remote()
                    .call(what, () -> new HistoryWriter(view.history()).releaseHeldLease(read));
                LOG.warn(
                    "Released the run lease of namespace {} held by {}",
                    view.namespace(),
                    held.get());
              }
              return held;
            },
            (tries, last) ->
                new ConcurrentMigrationException(
                    null, "Cannot " + what + ": it kept changing", last));
  }
}
