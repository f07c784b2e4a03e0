package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryTableMissingException;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.internal.HistoryWriter;
import dev.icebergops.history.internal.RebaseLimit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One run's history log: writes every row of the run under its lease, each write renewing the
 * lease, tried again from a fresh read while other writers of the table come first, and recognised
 * as done when its commit landed although its answer said otherwise. The last write releases the
 * lease. Only the holder writes the namespace's rows; a write after another run took the lease over
 * fails.
 */
final class HistoryLog {

  private final NamespaceView scope;
  private final HistoryWriter writer;
  private final String namespace;
  // volatile: howLost reads them without the lock, from the remote thread a write waits on
  private volatile RunLease lease;
  private volatile NamespaceHistory state;
  private NamespaceHistory lastSeen;
  private Instant lastWrite;
  private boolean closed;

  /**
   * @param state the namespace's history as stored with the run's lease
   * @param lease the run's lease, as stored
   */
  HistoryLog(NamespaceView scope, NamespaceHistory state, RunLease lease) {
    this.scope = scope;
    this.writer = new HistoryWriter(scope.history());
    this.namespace = scope.namespace();
    this.state = state;
    this.lease = lease;
    this.lastWrite = scope.config().clock().instant();
  }

  /** The namespace's history as this run last wrote or read it. */
  synchronized NamespaceHistory state() {
    return state;
  }

  String runId() {
    return lease.runId();
  }

  /** The run's lease as last written. */
  synchronized RunLease lease() {
    return lease;
  }

  /**
   * Writes rows under the lease, renewing it.
   *
   * @throws ConcurrentMigrationException if this run lost its lease, or another writer changed one
   *     of these rows
   */
  synchronized void write(List<HistoryRecord> rows) {
    write(rows, false, false, null);
  }

  /**
   * Writes rows under the lease, renewing it or, when {@code release}, releasing it; the history
   * table's commit is made by {@code carrier}, which commits other tables' changes with it.
   *
   * @throws ConcurrentMigrationException if this run lost its lease, or another writer changed one
   *     of these rows
   */
  synchronized void write(List<HistoryRecord> rows, boolean release, RebaseLimit.Carrier carrier) {
    write(rows, release, false, carrier);
  }

  /**
   * Writes the last rows of the run and releases the lease in the same commit.
   *
   * @throws ConcurrentMigrationException if this run lost its lease
   */
  synchronized void finish(List<HistoryRecord> rows) {
    write(rows, true, false, null);
  }

  /**
   * Deletes every history row of the namespace and releases the lease in the same commit: the
   * namespace reads as never migrated.
   *
   * @throws ConcurrentMigrationException if this run lost its lease
   */
  synchronized void forgetAndFinish() {
    write(List.of(), true, true, null);
  }

  /** Whether {@link #finish} ended the run: its last rows are written and its lease released. */
  synchronized boolean isFinished() {
    return closed;
  }

  /**
   * Renews the lease when no write did for {@code idle}.
   *
   * @return whether it wrote
   */
  synchronized boolean renewIfIdleFor(Duration idle) {
    if (closed
        || Duration.between(lastWrite, scope.config().clock().instant()).compareTo(idle) < 0) {
      return false;
    }
    write(List.of(), false, false, null);
    return true;
  }

  /** Releases the lease if the run still holds it; never throws (the run's own error wins). */
  synchronized void releaseQuietly() {
    if (closed) {
      return;
    }
    try {
      write(List.of(), true, false, null);
    } catch (RuntimeException e) {
      String reason = String.valueOf(e.getMessage());
      // a write that failed already says what could not be released, and why
      LOG.warn(
          "{}; it expires at {}",
          reason.startsWith("Cannot release the run lease")
              ? reason
              : "Cannot release the run lease of namespace %s: %s".formatted(namespace, reason),
          lease.expiresAt());
    } finally {
      closed = true;
    }
  }

  /**
   * The history row of a version as last seen in the history: as this run wrote it, as another run
   * left it when this run found its lease lost, or as read again after a write's answer was lost.
   */
  synchronized Optional<HistoryRecord> lastSeenRow(String version) {
    return (lastSeen != null ? lastSeen : state).row(version);
  }

  /**
   * What is known of a version whose outcome's write failed (not refused): its steps, and its
   * history row, read again when the write's answer was lost. When the steps were {@code carried}
   * by that write (held back for it, on a REST catalog), they landed with the row in one commit or
   * not at all.
   *
   * @param steps the steps done, for the message
   */
  synchronized String unrecorded(String version, String steps, boolean carried, boolean lost) {
    String unread = null;
    if (lost) {
      try {
        lastSeen = scope.read();
      } catch (RuntimeException e) {
        unread = e.getMessage();
      }
    }
    String row =
        unread != null
            ? "its history row could not be read again (" + unread + ")"
            : (lost ? "its history row, read again, " : "its history row ") + storedStatus(version);
    if (!carried) {
      return "its steps completed (" + steps + (row.endsWith("running") ? ") but " : "); ") + row;
    }
    boolean landed =
        lastSeenRow(version)
            .filter(r -> r.status() != HistoryRecord.Status.RUNNING && runId().equals(r.runId()))
            .isPresent();
    String outcome =
        unread != null
            ? "whose outcome is unknown"
            : landed ? "which landed" : "which did not land";
    return "its steps (" + steps + ") and its row went out in one commit, " + outcome + ": " + row;
  }

  /** What the history says of a version after a failed write: {@code still says running}. */
  private String storedStatus(String version) {
    return lastSeenRow(version)
        .map(
            row ->
                row.status() == HistoryRecord.Status.RUNNING
                    ? "still says running"
                    : "says "
                        + row.status().value()
                        + (Objects.equals(row.runId(), runId())
                            ? ""
                            : " (written by run " + row.runId() + ")"))
        .orElse("is missing");
  }

  private void write(
      List<HistoryRecord> rows, boolean release, boolean forget, RebaseLimit.Carrier carrier) {
    if (closed) {
      throw new IllegalStateException("Cannot write history of " + namespace + ": run ended");
    }
    String what = writing(rows, release);
    Long startedAt = state.snapshotId();
    scope
        .config()
        .retry(what)
        .run(
            () -> {
              tryWrite(rows, release, forget, carrier);
              return null;
            },
            (tries, last) -> scope.exhausted(what, startedAt, tries, last));
    closed |= release; // its last write ended the run
  }

  /**
   * One try of a write from the state last read: done when it (or an earlier try whose answer was
   * lost) landed.
   *
   * @throws HistoryConflictException if another writer of the table came first and none of these
   *     rows changed meanwhile: to be tried again from the fresh state
   */
  private void tryWrite(
      List<HistoryRecord> rows, boolean release, boolean forget, RebaseLimit.Carrier carrier) {
    NamespaceHistory base = state;
    Instant now = scope.config().clock().instant();
    RunLease renewed = lease.renewedUntil(now.plus(scope.config().leaseDuration()));
    NamespaceHistory next = base;
    for (HistoryRecord row : forget ? base.rows() : rows) {
      // forgetting removes every row; iceberg-ops never writes an unreadable row: one among the
      // rows is repair removing it
      next =
          forget || row.status() == HistoryRecord.Status.UNREADABLE
              ? next.without(row.version())
              : next.with(row);
    }
    NamespaceHistory target = release ? next.withoutLease() : next.withLease(renewed);
    try {
      state =
          scope
              .remote()
              .call(
                  "record the migration history of " + namespace,
                  () -> writer.commit(base, target, carrier));
      wrote(renewed, now);
    } catch (HistoryTableMissingException e) {
      throw tableGone(rows, release, e);
    } catch (HistoryConflictException e) {
      NamespaceHistory fresh = scope.read();
      lastSeen = fresh;
      if (landed(fresh, rows, release, renewed) && (!forget || fresh.rows().isEmpty())) {
        // the commit went through although its answer said otherwise
        state = fresh;
        wrote(renewed, now);
        return;
      }
      checkUnchanged(fresh, rows, e);
      state = fresh;
      throw e;
    }
  }

  /**
   * Fails when this run lost its lease, or another writer changed one of these rows since this run
   * last read them.
   */
  private void checkUnchanged(
      NamespaceHistory fresh, List<HistoryRecord> rows, HistoryConflictException cause) {
    RunLease holder = fresh.lease().orElse(null);
    if (holder == null || !holder.runId().equals(lease.runId())) {
      throw new ConcurrentMigrationException(
          null,
          "Cannot go on migrating %s: this run lost its lease (%s); nothing more was recorded"
              .formatted(namespace, howLost(fresh, holder)),
          cause);
    }
    for (HistoryRecord row : rows) {
      if (!Objects.equals(
          fresh.row(row.version()).orElse(null), state.row(row.version()).orElse(null))) {
        throw new ConcurrentMigrationException(
            row.version(),
            ("Cannot record migration %s for namespace %s: another writer changed its history row"
                    + " during this run")
                .formatted(row.version(), namespace),
            cause);
      }
    }
  }

  private void wrote(RunLease renewed, Instant now) {
    lastSeen = null;
    lease = renewed;
    lastWrite = now;
  }

  /**
   * The history table was dropped during the run: the write fails naming it, and the table is not
   * created again with only this run's rows.
   */
  private MigrationException tableGone(
      List<HistoryRecord> rows, boolean release, HistoryTableMissingException e) {
    return new MigrationException(
        rows.size() == 1 ? rows.get(0).version() : null,
        ("Cannot %s: the history table %s no longer exists (dropped during this run); it is not"
                + " created again, since it would hold only this run's rows; restore it (register"
                + " its last metadata file again), or stamp the version the tables are at")
            .formatted(writing(rows, release), e.table()),
        e);
  }

  /** What a write does, for messages: {@code record the migration history of sales}. */
  private String writing(List<HistoryRecord> rows, boolean release) {
    return (!rows.isEmpty()
            ? "record the migration history of "
            : release ? "release the run lease of " : "renew the run lease of ")
        + namespace;
  }

  /** True when the stored state shows this write: its rows, and the lease renewed or released. */
  private boolean landed(
      NamespaceHistory fresh, List<HistoryRecord> rows, boolean release, RunLease renewed) {
    return rows.stream().allMatch(row -> fresh.row(row.version()).map(row::equals).orElse(false))
        && (release
            ? fresh.lease().map(l -> !l.runId().equals(lease.runId())).orElse(true)
            : fresh.lease().map(renewed::equals).orElse(false));
  }

  /**
   * Why this run no longer holds the lease, from the history as stored now. Not synchronized: a
   * refused commit asks it from the remote thread while {@link #write} holds the lock and waits.
   */
  String howLost(NamespaceHistory fresh, RunLease holder) {
    RunLease mine = lease;
    NamespaceHistory written = state;
    boolean expired = mine.isExpiredAt(scope.config().clock().instant());
    Optional<String> otherRun =
        fresh.rows().stream()
            .filter(row -> row.runId() != null && !row.runId().equals(mine.runId()))
            .filter(row -> !row.equals(written.row(row.version()).orElse(null)))
            .map(HistoryRecord::runId)
            .findFirst();
    String taken =
        holder != null
            ? "now held by " + holder.owner() + " since " + holder.since()
            : otherRun.isPresent()
                ? "run " + otherRun.get() + " took it over and has since released it"
                : expired
                    ? "it was then released by an operator or another run"
                    : "it was released by an operator";
    return expired
        ? "it expired at " + mine.expiresAt() + " without being renewed; " + taken
        : taken;
  }
}
