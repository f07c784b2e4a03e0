package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.internal.WrappedCatalog;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * A run's lease on its namespace, once taken ({@link LeaseTaking}): renewed in the background while
 * no write of its {@link HistoryLog} renewed it, the fence of the run's catalog (a change cannot
 * land once another run holds the lease), the reason it was lost, and its release when the run
 * ends.
 */
final class HeldLease implements AutoCloseable {

  private static final ScheduledExecutorService HEARTBEATS =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "iceberg-ops-lease");
            thread.setDaemon(true);
            return thread;
          });

  private final NamespaceView scope;
  private final HistoryLog log;
  private final RunLease takenOver;

  /** Where the lease tag pointed when this run took the lease; null when not known. */
  private final Long mark;

  private final ScheduledFuture<?> heartbeat;
  private Instant renewalFailingSince;
  private String renewalFailure;

  /** The catalog as this run's migrations see it, made by the first {@link #fenced} call. */
  private Catalog fencedView;

  private LeaseFence fence;

  /** The running version's stage, or null. */
  private VersionStage stage;

  /**
   * Holds a lease just taken, and starts renewing it.
   *
   * @param log the run's history log, holding the lease as stored
   * @param takenOver the dead run's lease this run took over, or null
   * @param mark where the lease tag pointed when this run took the lease, or null when not known
   */
  HeldLease(NamespaceView scope, HistoryLog log, RunLease takenOver, Long mark) {
    this.scope = scope;
    this.log = log;
    this.takenOver = takenOver;
    this.mark = mark;
    long period = Math.max(100L, scope.config().leaseDuration().toMillis() / 6);
    this.heartbeat =
        HEARTBEATS.scheduleAtFixedRate(this::renewIfDue, period, period, TimeUnit.MILLISECONDS);
  }

  /** The run's history log, which writes under this lease. */
  HistoryLog log() {
    return log;
  }

  /** The dead run's lease this run took over, if any. */
  Optional<RunLease> takenOver() {
    return Optional.ofNullable(takenOver);
  }

  /**
   * The catalog as this run's migrations see it: a change cannot land once another run holds the
   * lease (see {@link LeaseFence}).
   *
   * @param upgrading the version whose upgrade the view serves, whose first commit to each table
   *     records the schema before it; null for a downgrade
   */
  synchronized Catalog fenced(Catalog catalog, String upgrading) {
    if (mark == null) {
      return catalog;
    }
    if (fencedView == null || WrappedCatalog.underlying(fencedView) != catalog) {
      // one view per run: a REST server without multi-table commits is found out once
      boolean replacing = fence != null;
      fence =
          new LeaseFence(
              catalog,
              scope.historyTable(),
              MigrationHistory.leaseTag(scope.namespace()),
              mark,
              this::lossOfLease);
      fencedView = FencedCatalog.of(catalog, fence);
      if (replacing) {
        fence.touchingAll(); // what went through the view before is not known to this one
      }
    }
    fence.upgrading(upgrading);
    return fencedView;
  }

  /**
   * Holds the table commits of the version about to run back, to land with its history row (see
   * {@link VersionStage}), when the catalog {@link #fenced} gave takes multi-table commits.
   *
   * @param running the version's running row naming the steps done so far
   */
  synchronized void stage(Supplier<HistoryRecord> running) {
    if (fence != null && fence.takesMultiTableCommits()) {
      stage = new VersionStage(fence, log, running);
      fence.stage(stage);
    }
  }

  /**
   * Which tables may have changed their identity through the run's catalog since the last call (see
   * {@link LeaseFence#touched}); every table when the run's catalog is not fenced.
   */
  synchronized Predicate<TableIdentifier> touched() {
    return fence == null ? table -> true : fence.touched();
  }

  /** The stage of the version running, or null: its commits go out one at a time. */
  synchronized VersionStage stage() {
    return stage;
  }

  /** Ends the version's stage: later commits go out one at a time. */
  synchronized void unstage() {
    stage = null;
    if (fence != null) {
      fence.stage(null);
    }
  }

  /** Records the steps done before the next one, unless the version's stage holds them back. */
  void progress(HistoryRecord running) {
    VersionStage held = stage();
    if (held == null || !held.isHolding()) {
      write(List.of(running), false);
    }
  }

  /** Writes rows, with what the version's stage holds back in the same commit. */
  void write(List<HistoryRecord> rows, boolean release) {
    VersionStage held = stage();
    if (held != null) {
      held.write(rows, release);
    } else {
      log.write(rows, release, null);
    }
  }

  /** Why this run no longer holds its lease, read from the history now; empty while it does. */
  Optional<String> lossOfLease() {
    Optional<Long> now = scope.leaseMark();
    if (now.isPresent() && now.get().equals(mark)) {
      return Optional.empty();
    }
    NamespaceHistory fresh = scope.read();
    if (now.isEmpty() && fresh.snapshotId() == null) {
      return Optional.of("the history table " + scope.historyTable() + " no longer exists");
    }
    RunLease holder = fresh.lease().orElse(null);
    if (holder != null && holder.runId().equals(log.runId())) {
      return Optional.of(
          "its lease tag %s was moved by another writer of %s"
              .formatted(MigrationHistory.leaseTag(scope.namespace()), scope.historyTable()));
    }
    return Optional.of(log.howLost(fresh, holder));
  }

  /** Renews the lease when no write did for a third of its duration. */
  private synchronized void renewIfDue() {
    String namespace = scope.namespace();
    try {
      if (!log.renewIfIdleFor(scope.config().leaseDuration().dividedBy(3))) {
        return;
      }
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
        renewalFailingSince = scope.config().clock().instant();
        LOG.warn(
            "Cannot renew the run lease of namespace {}: {}; retrying until the run ends (the"
                + " lease expires at {})",
            namespace,
            renewalFailure,
            log.lease().expiresAt());
      } else {
        LOG.debug("Cannot renew the run lease of namespace {}: {}", namespace, renewalFailure);
      }
    }
  }

  /**
   * Stops renewing the lease and releases it unless the log's last write did; never throws (the
   * run's own error wins).
   */
  @Override
  public void close() {
    heartbeat.cancel(false);
    synchronized (this) {
      if (renewalFailingSince != null) {
        LOG.warn(
            "The run on namespace {} ended with its lease not renewed since {}: {}",
            scope.namespace(),
            renewalFailingSince,
            renewalFailure);
        renewalFailingSince = null;
      }
    }
    log.releaseQuietly();
  }
}
