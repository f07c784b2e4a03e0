package dev.icebergops.runner;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryTableMissingException;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.internal.WrappedCatalog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.apache.iceberg.catalog.Catalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run's hold on a namespace's history: takes the run lease in a commit validated against the
 * state it read (with the run's first rows, when it has them before taking it), writes every row of
 * the run under it (each write renews it), renews it in the background while a migration runs, and
 * releases it at the end. Only the holder writes the namespace's rows; a write after another run
 * took the lease over fails.
 */
final class RunJournal implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationRunner.class);

  private static final int MAX_ATTEMPTS = 50;

  private static final ScheduledExecutorService HEARTBEATS =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "iceberg-ops-lease");
            thread.setDaemon(true);
            return thread;
          });

  private final MigrationHistory history;
  private final String namespace;
  private final RunOptions options;
  private final RemoteCalls remote;
  private final RunLease takenOver;
  private RunLease lease;
  private NamespaceHistory state;
  private NamespaceHistory lastSeen;
  private Instant renewalFailingSince;
  private String renewalFailure;
  private Instant lastWrite;
  private ScheduledFuture<?> heartbeat;
  private boolean closed;

  /** Where the lease tag pointed when this run took the lease; null when not known. */
  private final Long mark;

  /** The catalog as this run's migrations see it, made by the first {@link #fenced} call. */
  private Catalog fencedView;

  private RunJournal(
      MigrationHistory history,
      String namespace,
      RunOptions options,
      RemoteCalls remote,
      NamespaceHistory state,
      RunLease lease,
      RunLease takenOver,
      Long mark) {
    this.history = history;
    this.mark = mark;
    this.namespace = namespace;
    this.options = options;
    this.remote = remote;
    this.state = state;
    this.lease = lease;
    this.takenOver = takenOver;
    this.lastWrite = options.clock().instant();
  }

  /**
   * Takes the run lease of a namespace, waiting up to the configured time for a live holder.
   *
   * @param what the operation, for messages: {@code migrate sales}
   * @throws ConcurrentMigrationException if another live run holds the lease
   */
  static RunJournal open(
      MigrationHistory history,
      String namespace,
      RunOptions options,
      RemoteCalls remote,
      String what) {
    return open(history, namespace, options, remote, what, (state, runId) -> List.of());
  }

  /**
   * Takes the run lease of a namespace and writes the run's first rows in the same commit.
   *
   * @param firstRows the rows to write with the lease, from the state as this run will hold it (the
   *     lease already its own) and the run's id; called again after a lost race. What it throws is
   *     rethrown, and nothing is written then.
   * @throws ConcurrentMigrationException if another live run holds the lease
   */
  static RunJournal open(
      MigrationHistory history,
      String namespace,
      RunOptions options,
      RemoteCalls remote,
      String what,
      BiFunction<NamespaceHistory, String, List<HistoryRecord>> firstRows) {
    String runId = UUID.randomUUID().toString();
    Instant deadline = options.clock().instant().plus(options.leaseWait());
    Long firstRead = null;
    for (int attempt = 1; ; attempt++) {
      NamespaceHistory read =
          remote.call("read the history of " + namespace, () -> history.load(namespace));
      firstRead = attempt == 1 ? read.snapshotId() : firstRead;
      RunLease held = read.lease().orElse(null);
      Instant now = options.clock().instant();
      if (held != null && held.runId().equals(runId)) {
        // an earlier attempt's commit landed although its answer said otherwise
        Long mark =
            remote
                .call("read the run lease of " + namespace, () -> history.leaseMark(namespace))
                .orElse(null);
        RunJournal journal =
            new RunJournal(history, namespace, options, remote, read, held, null, mark);
        journal.startHeartbeat();
        return journal;
      }
      if (held != null && isAlive(held, now)) {
        if (now.isBefore(deadline)) {
          pause(
              Math.min(
                  ThreadLocalRandom.current().nextLong(500, 1500),
                  Duration.between(now, deadline).toMillis() + 1));
          continue;
        }
        throw new ConcurrentMigrationException(
            null,
            "Cannot "
                + what
                + ": another run holds its lease: "
                + held.owner()
                + " since "
                + held.since()
                + " (expires "
                + held.expiresAt()
                + " unless renewed); wait for it to end, or release the lease with"
                + " MigrationRunner.releaseLease() if that run is gone",
            null);
      }
      RunLease mine =
          ProcessScope.CURRENT.lease(
              ProcessHandle.current().pid(), runId, now, now.plus(options.leaseDuration()));
      NamespaceHistory leased = read.withLease(mine);
      for (HistoryRecord row : firstRows.apply(leased, runId)) {
        leased = leased.with(row);
      }
      NamespaceHistory target = leased;
      try {
        NamespaceHistory taken =
            remote.call("take the run lease of " + namespace, () -> history.commit(read, target));
        if (held != null) {
          LOG.warn(
              "Took over the run lease of namespace {} from {}: {}",
              namespace,
              held.owner(),
              deathOf(held, now));
        }
        RunJournal journal =
            new RunJournal(
                history, namespace, options, remote, taken, mine, held, taken.snapshotId());
        journal.startHeartbeat();
        return journal;
      } catch (HistoryConflictException e) {
        if (attempt >= options.contentionAttempts()) {
          throw Contention.exhausted(
              history,
              remote,
              "take the run lease of " + namespace,
              namespace,
              firstRead,
              attempt,
              e);
        }
        pause(ThreadLocalRandom.current().nextLong(50, 500));
      }
    }
  }

  /**
   * True when the lease's holder may still be running: not expired, and not a gone process of this
   * host's PID namespace and boot (a pid recorded elsewhere, or without them, is not checked).
   */
  static boolean isAlive(RunLease lease, Instant now) {
    return ProcessScope.CURRENT.mayBeAlive(lease, now);
  }

  private static String deathOf(RunLease lease, Instant now) {
    return lease.isExpiredAt(now)
        ? "it expired at " + lease.expiresAt()
        : "its process " + lease.pid() + " on this host is gone";
  }

  /**
   * The catalog as this run's migrations see it: a change cannot land once another run holds the
   * lease (see {@link LeaseFence}).
   */
  Catalog fenced(Catalog catalog) {
    if (mark == null) {
      return catalog;
    }
    if (fencedView == null || WrappedCatalog.underlying(fencedView) != catalog) {
      // one view per run: a REST server without multi-table commits is found out once
      fencedView =
          FencedCatalog.of(
              catalog,
              new LeaseFence(
                  catalog,
                  history.tableIdentifier(),
                  MigrationHistory.leaseTag(namespace),
                  mark,
                  this::lossOfLease));
    }
    return fencedView;
  }

  /** Why this run no longer holds its lease, read from the history now; empty while it does. */
  Optional<String> lossOfLease() {
    Optional<Long> now =
        remote.call("read the run lease of " + namespace, () -> history.leaseMark(namespace));
    if (now.isPresent() && now.get().equals(mark)) {
      return Optional.empty();
    }
    NamespaceHistory fresh =
        remote.call("read the history of " + namespace, () -> history.load(namespace));
    if (now.isEmpty() && fresh.snapshotId() == null) {
      return Optional.of("the history table " + history.tableIdentifier() + " no longer exists");
    }
    RunLease holder = fresh.lease().orElse(null);
    synchronized (this) {
      if (holder != null && holder.runId().equals(lease.runId())) {
        return Optional.of(
            "its lease tag "
                + MigrationHistory.leaseTag(namespace)
                + " was moved by another writer of "
                + history.tableIdentifier());
      }
      return Optional.of(howLost(fresh, holder));
    }
  }

  /** The namespace's history as this run last wrote or read it. */
  synchronized NamespaceHistory state() {
    return state;
  }

  /** The dead run's lease this run took over, if any. */
  Optional<RunLease> takenOver() {
    return Optional.ofNullable(takenOver);
  }

  String runId() {
    return lease.runId();
  }

  /**
   * Writes rows under the lease, renewing it.
   *
   * @throws ConcurrentMigrationException if this run lost its lease, or another writer changed one
   *     of these rows
   */
  synchronized void write(List<HistoryRecord> rows) {
    write(rows, false);
  }

  private void write(List<HistoryRecord> rows, boolean release) {
    if (closed) {
      throw new IllegalStateException("Cannot write history of " + namespace + ": run ended");
    }
    NamespaceHistory base = state;
    Long startedAt = state.snapshotId();
    for (int attempt = 1; ; attempt++) {
      Instant now = options.clock().instant();
      RunLease renewed = lease.renewedUntil(now.plus(options.leaseDuration()));
      NamespaceHistory next = base;
      for (HistoryRecord row : rows) {
        // iceberg-ops never writes an unreadable row: one among the rows is repair removing it
        next =
            row.status() == HistoryRecord.Status.UNREADABLE
                ? next.without(row.version())
                : next.with(row);
      }
      NamespaceHistory target = release ? next.withoutLease() : next.withLease(renewed);
      NamespaceHistory from = base;
      try {
        state =
            remote.call(
                "record the migration history of " + namespace, () -> history.commit(from, target));
        lastSeen = null;
        lease = renewed;
        lastWrite = now;
        return;
      } catch (HistoryTableMissingException e) {
        throw tableGone(rows, release, e);
      } catch (HistoryConflictException e) {
        NamespaceHistory fresh =
            remote.call("read the history of " + namespace, () -> history.load(namespace));
        lastSeen = fresh;
        if (landed(fresh, rows, release, renewed)) {
          // the commit went through although its answer said otherwise
          state = fresh;
          lastSeen = null;
          lease = renewed;
          lastWrite = now;
          return;
        }
        checkStillHeld(fresh, e);
        for (HistoryRecord row : rows) {
          if (!Objects.equals(
              fresh.row(row.version()).orElse(null), state.row(row.version()).orElse(null))) {
            throw new ConcurrentMigrationException(
                row.version(),
                "Cannot record migration "
                    + row.version()
                    + " for namespace "
                    + namespace
                    + ": another writer changed its history row during this run",
                e);
          }
        }
        if (attempt >= options.contentionAttempts()) {
          throw Contention.exhausted(
              history, remote, writing(rows, release), namespace, startedAt, attempt, e);
        }
        base = fresh;
        state = fresh;
        backOff(attempt);
      }
    }
  }

  /**
   * The history table was dropped during the run: the write fails naming it, and the table is not
   * created again with only this run's rows.
   */
  private MigrationException tableGone(
      List<HistoryRecord> rows, boolean release, HistoryTableMissingException e) {
    return new MigrationException(
        rows.size() == 1 ? rows.get(0).version() : null,
        "Cannot "
            + writing(rows, release)
            + ": the history table "
            + e.table()
            + " no longer exists (dropped during this run); it is not created again, since it"
            + " would hold only this run's rows; restore it (register its last metadata file"
            + " again), or stamp the version the tables are at",
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
    for (HistoryRecord row : rows) {
      if (!fresh.row(row.version()).map(row::equals).orElse(false)) {
        return false;
      }
    }
    if (release) {
      return fresh.lease().map(l -> !l.runId().equals(lease.runId())).orElse(true);
    }
    return fresh.lease().map(renewed::equals).orElse(false);
  }

  private void checkStillHeld(NamespaceHistory fresh, Exception cause) {
    RunLease now = fresh.lease().orElse(null);
    if (now == null || !now.runId().equals(lease.runId())) {
      throw new ConcurrentMigrationException(
          null,
          "Cannot go on migrating "
              + namespace
              + ": this run lost its lease ("
              + howLost(fresh, now)
              + "); nothing more was recorded",
          cause);
    }
  }

  /** Why this run no longer holds the lease, from the history as stored now. */
  private String howLost(NamespaceHistory fresh, RunLease holder) {
    boolean expired = lease.isExpiredAt(options.clock().instant());
    Optional<String> otherRun =
        fresh.rows().stream()
            .filter(row -> row.runId() != null && !row.runId().equals(lease.runId()))
            .filter(row -> !row.equals(state.row(row.version()).orElse(null)))
            .map(HistoryRecord::runId)
            .findFirst();
    String taken;
    if (holder != null) {
      taken = "now held by " + holder.owner() + " since " + holder.since();
    } else if (otherRun.isPresent()) {
      taken = "run " + otherRun.get() + " took it over and has since released it";
    } else {
      taken =
          expired
              ? "it was then released by an operator or another run"
              : "it was released by an operator";
    }
    return expired
        ? "it expired at " + lease.expiresAt() + " without being renewed; " + taken
        : taken;
  }

  /**
   * The history row of a version as last seen in the history: as this run wrote it, or as another
   * run left it when this run found its lease lost.
   */
  synchronized Optional<HistoryRecord> lastSeenRow(String version) {
    return (lastSeen != null ? lastSeen : state).row(version);
  }

  /** Renews the lease when no write did for a third of its duration. */
  private synchronized void renewIfDue() {
    if (closed) {
      return;
    }
    Instant now = options.clock().instant();
    if (Duration.between(lastWrite, now).compareTo(options.leaseDuration().dividedBy(3)) < 0) {
      return;
    }
    try {
      write(List.of(), false);
      LOG.debug("Renewed the run lease of namespace {}", namespace);
      if (renewalFailingSince != null) {
        LOG.info(
            "Renewed the run lease of namespace {} again, after failing since {}",
            namespace,
            renewalFailingSince);
        renewalFailingSince = null;
      }
    } catch (RuntimeException e) {
      renewalFailure = e.getMessage();
      if (renewalFailingSince == null) {
        renewalFailingSince = now;
        LOG.warn(
            "Cannot renew the run lease of namespace {}: {}; retrying until the run ends (the"
                + " lease expires at {})",
            namespace,
            renewalFailure,
            lease.expiresAt());
      } else {
        LOG.debug("Cannot renew the run lease of namespace {}: {}", namespace, renewalFailure);
      }
    }
  }

  private void startHeartbeat() {
    long period = Math.max(100L, options.leaseDuration().toMillis() / 6);
    heartbeat =
        HEARTBEATS.scheduleAtFixedRate(this::renewIfDue, period, period, TimeUnit.MILLISECONDS);
  }

  /**
   * Writes the last rows of the run and releases the lease in the same commit.
   *
   * @throws ConcurrentMigrationException if this run lost its lease
   */
  synchronized void finish(List<HistoryRecord> rows) {
    stopHeartbeat();
    write(rows, true);
    closed = true;
  }

  /** Whether {@link #finish} ended the run: its last rows are written and its lease released. */
  synchronized boolean isFinished() {
    return closed;
  }

  /** Releases the lease if the run still holds it; never throws (the run's own error wins). */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    stopHeartbeat();
    try {
      write(List.of(), true);
    } catch (RuntimeException e) {
      String reason = String.valueOf(e.getMessage());
      if (reason.startsWith("Cannot release the run lease")) {
        // the write already says what could not be released, and why
        LOG.warn("{}; it expires at {}", reason, lease.expiresAt());
      } else {
        LOG.warn(
            "Cannot release the run lease of namespace {}: {}; it expires at {}",
            namespace,
            reason,
            lease.expiresAt());
      }
    } finally {
      closed = true;
    }
  }

  private void stopHeartbeat() {
    if (heartbeat != null) {
      heartbeat.cancel(false);
    }
    if (renewalFailingSince != null) {
      LOG.warn(
          "The run on namespace {} ended with its lease not renewed since {}: {}",
          namespace,
          renewalFailingSince,
          renewalFailure);
      renewalFailingSince = null;
    }
  }

  /**
   * Waits a random time, up to 50 ms doubled per lost try and at most 2 s, before trying a write
   * again: writers of other namespaces that lost together do not all try again together.
   */
  private void backOff(int attempt) {
    try {
      Thread.sleep(
          1L + ThreadLocalRandom.current().nextLong(Math.min(2000L, 50L << Math.min(attempt, 6))));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MigrationException(
          null, "Cannot record the migration history of " + namespace + ": interrupted", e);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(Math.max(1L, millis));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MigrationException(null, "Cannot take the run lease: interrupted", e);
    }
  }

  /**
   * The settings a run needs: the clock, the lease's timing, and the contention budget: how many
   * times one history write (or taking the lease) is tried again from a fresh read after other
   * writers changed the shared history table under it, each try one remote call under the time
   * bound.
   */
  record RunOptions(
      Clock clock, Duration leaseDuration, Duration leaseWait, int contentionAttempts) {

    RunOptions(Clock clock, Duration leaseDuration, Duration leaseWait) {
      this(clock, leaseDuration, leaseWait, MAX_ATTEMPTS);
    }
  }
}
