package dev.icebergops.runner;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryTableMissingException;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.internal.HistoryTable;
import dev.icebergops.history.internal.HistoryWriter;
import dev.icebergops.internal.WrappedCatalog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
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

  private static final ScheduledExecutorService HEARTBEATS =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "iceberg-ops-lease");
            thread.setDaemon(true);
            return thread;
          });

  private final HistoryTable history;
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
      HistoryTable history,
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
      HistoryTable history, String namespace, RunOptions options, RemoteCalls remote, String what) {
    return open(history, namespace, options, remote, what, (state, runId) -> Plan.none()).journal();
  }

  /**
   * Takes the run lease of a namespace with the rows of a plan made from the state it takes it on,
   * in the same commit.
   *
   * @param planner makes the plan from the state as this run will hold it (the lease already its
   *     own) and the run's id; called again after a lost race. What it throws is rethrown, and
   *     nothing is written then.
   * @return the journal, with the plan of the state it holds
   * @throws ConcurrentMigrationException if another live run holds the lease
   */
  static <P> Planned<P> open(
      HistoryTable history,
      String namespace,
      RunOptions options,
      RemoteCalls remote,
      String what,
      Planner<P> planner) {
    String runId = UUID.randomUUID().toString();
    Instant deadline = options.clock().instant().plus(options.leaseWait());
    Long[] firstRead = new Long[1];
    List<Plan<P>> lastPlan = new ArrayList<>(List.of(Plan.none()));
    String taking = "take the run lease of " + namespace;
    return options
        .retry(taking)
        .run(
            tried -> {
              Unheld unheld =
                  readUnheld(history, namespace, options, remote, runId, what, deadline);
              NamespaceHistory read = unheld.read();
              firstRead[0] = tried == 1 ? read.snapshotId() : firstRead[0];
              RunLease held = read.lease().orElse(null);
              if (held != null && held.runId().equals(runId)) {
                // an earlier try's commit landed although its answer said otherwise
                Long mark =
                    remote
                        .call(
                            "read the run lease of " + namespace,
                            () -> history.leaseMark(namespace))
                        .orElse(null);
                RunJournal journal =
                    new RunJournal(history, namespace, options, remote, read, held, null, mark);
                journal.startHeartbeat();
                return new Planned<>(journal, lastPlan.get(0).value());
              }
              return take(history, namespace, options, remote, unheld, runId, planner, lastPlan);
            },
            (tries, last) ->
                Contention.exhausted(
                    history, remote, taking, namespace, firstRead[0], tries, last));
  }

  /**
   * Reads the namespace's history once its lease is free, taken over or already this run's, waiting
   * up to the configured time for a live holder.
   *
   * @throws ConcurrentMigrationException if another live run still holds the lease then
   */
  private static Unheld readUnheld(
      HistoryTable history,
      String namespace,
      RunOptions options,
      RemoteCalls remote,
      String runId,
      String what,
      Instant deadline) {
    while (true) {
      NamespaceHistory read =
          remote.call("read the history of " + namespace, () -> history.load(namespace));
      RunLease held = read.lease().orElse(null);
      Instant now = options.clock().instant();
      if (held == null || held.runId().equals(runId) || !isAlive(held, now)) {
        return new Unheld(read, now);
      }
      if (!now.isBefore(deadline)) {
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
      pause(
          Math.min(
              ThreadLocalRandom.current().nextLong(500, 1500),
              Duration.between(now, deadline).toMillis() + 1));
    }
  }

  /**
   * Takes the lease from the state read (with the run's first rows), or adopts it when an earlier
   * try's commit landed although its answer said otherwise.
   *
   * @throws HistoryConflictException if another writer came first
   */
  private static <P> Planned<P> take(
      HistoryTable history,
      String namespace,
      RunOptions options,
      RemoteCalls remote,
      Unheld unheld,
      String runId,
      Planner<P> planner,
      List<Plan<P>> lastPlan) {
    NamespaceHistory read = unheld.read();
    RunLease held = read.lease().orElse(null);
    Instant now = unheld.at();
    RunLease mine =
        ProcessScope.CURRENT.lease(
            ProcessHandle.current().pid(), runId, now, now.plus(options.leaseDuration()));
    NamespaceHistory leased = read.withLease(mine);
    Plan<P> plan = planner.plan(leased, runId);
    lastPlan.set(0, plan);
    for (HistoryRecord row : plan.firstRows()) {
      leased = leased.with(row);
    }
    NamespaceHistory target = leased;
    NamespaceHistory taken =
        remote.call(
            "take the run lease of " + namespace,
            () -> new HistoryWriter(history).commit(read, target));
    if (held != null) {
      LOG.warn(
          "Took over the run lease of namespace {} from {}: {}",
          namespace,
          held.owner(),
          deathOf(held, now));
    }
    RunJournal journal =
        new RunJournal(history, namespace, options, remote, taken, mine, held, taken.snapshotId());
    journal.startHeartbeat();
    return new Planned<>(journal, plan.value());
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
    write(rows, release, false);
  }

  private void write(List<HistoryRecord> rows, boolean release, boolean forget) {
    if (closed) {
      throw new IllegalStateException("Cannot write history of " + namespace + ": run ended");
    }
    Long startedAt = state.snapshotId();
    options
        .retry(writing(rows, release))
        .run(
            tried -> {
              tryWrite(rows, release, forget);
              return null;
            },
            (tries, last) ->
                Contention.exhausted(
                    history, remote, writing(rows, release), namespace, startedAt, tries, last));
  }

  /**
   * One try of a write from the state last read: done when it (or an earlier try whose answer was
   * lost) landed.
   *
   * @throws HistoryConflictException if another writer of the table came first and none of these
   *     rows changed meanwhile: to be tried again from the fresh state
   */
  private void tryWrite(List<HistoryRecord> rows, boolean release, boolean forget) {
    NamespaceHistory base = state;
    Instant now = options.clock().instant();
    RunLease renewed = lease.renewedUntil(now.plus(options.leaseDuration()));
    NamespaceHistory next = base;
    if (forget) {
      for (HistoryRecord row : base.rows()) {
        next = next.without(row.version());
      }
    }
    for (HistoryRecord row : rows) {
      // iceberg-ops never writes an unreadable row: one among the rows is repair removing it
      next =
          row.status() == HistoryRecord.Status.UNREADABLE
              ? next.without(row.version())
              : next.with(row);
    }
    NamespaceHistory target = release ? next.withoutLease() : next.withLease(renewed);
    try {
      state =
          remote.call(
              "record the migration history of " + namespace,
              () -> new HistoryWriter(history).commit(base, target));
      wrote(renewed, now);
    } catch (HistoryTableMissingException e) {
      throw tableGone(rows, release, e);
    } catch (HistoryConflictException e) {
      NamespaceHistory fresh =
          remote.call("read the history of " + namespace, () -> history.load(namespace));
      lastSeen = fresh;
      if (landed(fresh, rows, release, renewed) && (!forget || fresh.rows().isEmpty())) {
        // the commit went through although its answer said otherwise
        state = fresh;
        wrote(renewed, now);
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
      state = fresh;
      throw e;
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

  /**
   * Deletes every history row of the namespace and releases the lease in the same commit: the
   * namespace reads as never migrated.
   *
   * @throws ConcurrentMigrationException if this run lost its lease
   */
  synchronized void forgetAndFinish() {
    stopHeartbeat();
    write(List.of(), true, true);
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

  private static void pause(long millis) {
    try {
      Thread.sleep(Math.max(1L, millis));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MigrationException(null, "Cannot take the run lease: interrupted", e);
    }
  }

  /** The history as read once its lease was free, and when it was found free. */
  private record Unheld(NamespaceHistory read, Instant at) {}

  /** A run's plan, made from the state it takes the lease on, and the rows written with it. */
  record Plan<P>(P value, List<HistoryRecord> firstRows) {
    static <P> Plan<P> none() {
      return new Plan<>(null, List.of());
    }
  }

  /** Makes a run's plan from the state as the run will hold it and the run's id. */
  @FunctionalInterface
  interface Planner<P> {
    Plan<P> plan(NamespaceHistory leased, String runId);
  }

  /** A journal that holds the lease, and the plan made from the state it took it on. */
  record Planned<P>(RunJournal journal, P plan) implements AutoCloseable {
    @Override
    public void close() {
      journal.close();
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
      this(clock, leaseDuration, leaseWait, HistoryRetry.DEFAULT_ATTEMPTS);
    }

    /** The retry policy of a history write under these options. */
    HistoryRetry retry(String what) {
      return new HistoryRetry(contentionAttempts, what);
    }
  }
}
