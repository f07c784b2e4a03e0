package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.internal.HistoryWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One run's taking of its namespace's run lease: read the history once the lease is free (waiting
 * up to the configured time for a live holder), then take it in a commit validated against that
 * read, with the run's first rows, which the caller plans from the state it read. A try that lost
 * to another writer reads again, within the contention budget; a try whose commit landed although
 * its answer said otherwise is adopted.
 *
 * <pre>{@code
 * LeaseTaking taking = new LeaseTaking(scope, "migrate sales");
 * Optional<HeldLease> held = Optional.empty();
 * while (held.isEmpty()) {
 *   LeaseTaking.Offer offer = taking.awaitFree();
 *   held = taking.tryTake(offer, firstRowsPlannedFrom(offer.leased()));
 * }
 * }</pre>
 */
final class LeaseTaking {

  private final NamespaceView scope;
  private final String what;
  private final String taking;
  private final String runId = UUID.randomUUID().toString();
  private final Instant deadline;
  private final HistoryRetry retry;
  private final HistoryWriter writer;
  private int tried;
  private Long firstRead;

  /**
   * @param what the operation, for messages: {@code migrate sales}
   */
  LeaseTaking(NamespaceView scope, String what) {
    this.scope = scope;
    this.what = what;
    this.taking = "take the run lease of " + scope.namespace();
    this.deadline = scope.config().clock().instant().plus(scope.config().leaseWait());
    this.retry = scope.config().retry(taking);
    this.writer = new HistoryWriter(scope.history());
  }

  /**
   * Takes the run lease of a namespace without first rows.
   *
   * @throws ConcurrentMigrationException if another live run holds the lease
   */
  static HeldLease open(NamespaceView scope, String what) {
    LeaseTaking taking = new LeaseTaking(scope, what);
    Optional<HeldLease> held = Optional.empty();
    while (held.isEmpty()) {
      held = taking.tryTake(taking.awaitFree(), null);
    }
    return held.get();
  }

  /**
   * The namespace's history once its lease is free, taken over or already this run's, and the lease
   * this run would take on it.
   *
   * @throws ConcurrentMigrationException if another live run still holds the lease at the deadline
   */
  Offer awaitFree() {
    while (true) {
      NamespaceHistory read = scope.read();
      firstRead = tried == 0 ? read.snapshotId() : firstRead;
      RunLease held = read.lease().orElse(null);
      Instant now = scope.config().clock().instant();
      if (held == null
          || held.runId().equals(runId)
          || !ProcessScope.CURRENT.mayBeAlive(held, now)) {
        RunLease mine =
            ProcessScope.CURRENT.lease(runId, now, now.plus(scope.config().leaseDuration()));
        return new Offer(read, mine, now);
      }
      if (!now.isBefore(deadline)) {
        throw new ConcurrentMigrationException(
            null,
            ("Cannot %s: another run holds its lease: %s since %s (expires %s unless renewed); wait"
                    + " for it to end, or release the lease with MigrationRunner.releaseLease() if"
                    + " that run is gone")
                .formatted(what, held.owner(), held.since(), held.expiresAt()),
            null);
      }
      long wait = Duration.between(now, deadline).toMillis() + 1;
      HistoryRetry.pause(
          Math.max(1L, Math.min(ThreadLocalRandom.current().nextLong(500, 1500), wait)),
          "take the run lease");
    }
  }

  /**
   * Takes the lease from the state offered, with the run's first row in the same commit; adopts it
   * when an earlier try's commit landed although its answer said otherwise.
   *
   * @param first the row the caller planned from {@link Offer#leased()}, or null; ignored when
   *     adopted
   * @return the held lease, or empty when another writer came first (then await and try again)
   * @throws ConcurrentMigrationException once the contention budget is spent
   */
  Optional<HeldLease> tryTake(Offer offer, HistoryRecord first) {
    tried++;
    RunLease held = offer.read().lease().orElse(null);
    if (offer.isMine()) {
      HistoryLog log = new HistoryLog(scope, offer.read(), held);
      return Optional.of(new HeldLease(scope, log, null, scope.leaseMark().orElse(null)));
    }
    NamespaceHistory target = first == null ? offer.leased() : offer.leased().with(first);
    NamespaceHistory taken;
    try {
      taken = scope.remote().call(taking, () -> writer.commit(offer.read(), target));
    } catch (HistoryConflictException e) {
      Long readAt = firstRead;
      retry.afterLoss(tried, e, (tries, last) -> scope.exhausted(taking, readAt, tries, last));
      return Optional.empty();
    }
    if (held != null) {
      LOG.warn(
          "Took over the run lease of namespace {} from {}: {}",
          scope.namespace(),
          held.owner(),
          deathOf(held, offer.at()));
    }
    HistoryLog log = new HistoryLog(scope, taken, offer.mine());
    return Optional.of(new HeldLease(scope, log, held, taken.snapshotId()));
  }

  private static String deathOf(RunLease lease, Instant now) {
    return lease.isExpiredAt(now)
        ? "it expired at " + lease.expiresAt()
        : "its process " + lease.pid() + " on this host is gone";
  }

  /**
   * The history as read once its lease was free, the lease this run takes on it, and when it was
   * found free.
   */
  record Offer(NamespaceHistory read, RunLease mine, Instant at) {

    /** The state as this run will hold it: the lease already its own. */
    NamespaceHistory leased() {
      return read.withLease(mine);
    }

    /** Whether an earlier try's commit landed although its answer said otherwise. */
    boolean isMine() {
      return read.lease().map(held -> held.runId().equals(mine.runId())).orElse(false);
    }
  }
}
