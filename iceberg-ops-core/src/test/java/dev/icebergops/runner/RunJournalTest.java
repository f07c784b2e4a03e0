package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.runner.RunJournal.RunOptions;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The run lease as one run holds it, on the REST catalog: waiting for another run's lease and
 * taking it over when that run is gone, the heartbeat, and writes whose answer was lost. Leases are
 * short and clocks are the test's, so that nothing here waits long.
 */
@ExtendWith(SharedEnvironment.class)
class RunJournalTest {

  private static final Instant T0 = Instant.parse("2026-12-01T00:00:00Z");
  private static final Duration LEASE = Duration.ofSeconds(60);

  private MigrationHistory history;
  private MigrationHistory otherWriter;
  private RemoteCalls remote;
  private String namespace;
  private final ExecutorService pool = Executors.newSingleThreadExecutor();

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "journal_" + suffix;
    history = new MigrationHistory(environment.catalog(), "_ops_" + suffix);
    otherWriter = new MigrationHistory(environment.newCatalogClient("other"), "_ops_" + suffix);
    remote = new RemoteCalls(environment.catalog(), Duration.ofSeconds(30));
  }

  @AfterEach
  void tearDown() {
    pool.shutdownNow();
  }

  private RunJournal open(Clock clock, Duration leaseDuration, Duration leaseWait) {
    return RunJournal.open(
        history,
        namespace,
        new RunOptions(clock, leaseDuration, leaseWait),
        remote,
        "migrate " + namespace);
  }

  private RunJournal openAt(Instant now) {
    return open(Clock.fixed(now, ZoneOffset.UTC), LEASE, Duration.ZERO);
  }

  /** Stores a lease as another run would have taken it. */
  private void plant(RunLease lease) {
    NamespaceHistory read = history.load(namespace);
    history.commit(read, read.withLease(lease));
  }

  private RunLease stored() {
    return history.load(namespace).lease().orElse(null);
  }

  private HistoryRecord row(String version, Status status) {
    return new HistoryRecord(
        version, namespace, "v" + version, status, null, "abc", T0, 0L, "upgrade", List.of(), "r");
  }

  /** This host's name as the runner writes it into its leases. */
  private String thisHost() {
    try (RunJournal journal = openAt(T0)) {
      return journal.state().lease().orElseThrow().host();
    }
  }

  // --- another run's lease -----------------------------------------------------------------------

  @Test
  void aLiveLeaseOfAnotherHostIsRefusedNamingItsHolder() {
    RunLease other = new RunLease("elsewhere", 4242, "other-run", T0, T0.plusSeconds(3600));
    plant(other);

    assertThatThrownBy(() -> openAt(T0.plusSeconds(5)))
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessage(
            "Cannot migrate "
                + namespace
                + ": another run holds its lease: elsewhere (pid 4242, run other-run) since "
                + T0
                + " (expires "
                + T0.plusSeconds(3600)
                + " unless renewed); wait for it to end, or release the lease with"
                + " MigrationRunner.releaseLease() if that run is gone");
    assertThat(stored()).isEqualTo(other);
  }

  @Test
  void aLeaseReleasedWhileARunWaitsIsTakenWithoutATakeOver() throws Exception {
    plant(new RunLease("elsewhere", 4242, "other-run", T0, T0.plusSeconds(3600)));
    CountDownLatch sawTheLease = new CountDownLatch(1);
    // the run reads its clock for its deadline, then after each read of the history
    Clock clock = new CallbackClock(T0, Duration.ZERO, 2, sawTheLease::countDown);

    Future<RunJournal> waiting = pool.submit(() -> open(clock, LEASE, Duration.ofSeconds(30)));
    assertThat(sawTheLease.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)).isTrue();
    NamespaceHistory read = history.load(namespace);
    history.commit(read, read.withoutLease());

    try (RunJournal journal = waiting.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)) {
      assertThat(journal.takenOver()).isEmpty();
      assertThat(stored().runId()).isEqualTo(journal.runId());
      assertThat(stored().since()).isEqualTo(T0);
    }
    assertThat(stored()).isNull();
  }

  @Test
  void aLeaseThatExpiresWhileARunWaitsIsTakenOverAtItsExpiry() {
    RunLease other = new RunLease("elsewhere", 4242, "other-run", T0, T0.plusMillis(1200));
    plant(other);
    // each reading of the clock is one second later: the deadline (t0 + 1.5 s), then after each
    // read of the history: t0 + 1 s (still held), t0 + 2 s (expired)
    Clock clock = new CallbackClock(T0, Duration.ofSeconds(1), 0, () -> {});

    try (RunJournal journal = open(clock, LEASE, Duration.ofMillis(1500))) {
      assertThat(journal.takenOver()).contains(other);
      RunLease mine = stored();
      assertThat(mine.runId()).isEqualTo(journal.runId()).isNotEqualTo("other-run");
      assertThat(mine.since()).as("taken once expired, not before").isEqualTo(T0.plusSeconds(2));
      assertThat(mine.expiresAt()).isEqualTo(T0.plusSeconds(2).plus(LEASE));
    }
  }

  @Test
  void aLeaseStillHeldWhenTheWaitEndsIsRefused() {
    RunLease other = new RunLease("elsewhere", 4242, "other-run", T0, T0.plusSeconds(3600));
    plant(other);
    Clock clock = new CallbackClock(T0, Duration.ofMillis(400), 0, () -> {});

    assertThatThrownBy(() -> open(clock, LEASE, Duration.ofSeconds(1)))
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessageStartingWith(
            "Cannot migrate " + namespace + ": another run holds its lease: elsewhere (pid 4242");
    assertThat(stored()).isEqualTo(other);
  }

  @Test
  void aRunInterruptedWhileWaitingForALeaseStopsWaiting() {
    RunLease other = new RunLease("elsewhere", 4242, "other-run", T0, T0.plusSeconds(3600));
    plant(other);
    // interrupted right after its first read of the history, before it pauses
    Clock clock = new CallbackClock(T0, Duration.ZERO, 2, () -> Thread.currentThread().interrupt());

    try {
      assertThatThrownBy(() -> open(clock, LEASE, Duration.ofSeconds(30)))
          .isInstanceOf(MigrationException.class)
          .hasMessage("Cannot take the run lease: interrupted")
          .cause()
          .isInstanceOf(InterruptedException.class);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
    assertThat(stored()).isEqualTo(other);
  }

  @Test
  void theLeaseOfADeadProcessOnThisHostIsTakenOverAtOnce() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    assertThat(gone.waitFor(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)).isTrue();
    RunLease dead = new RunLease(thisHost(), gone.pid(), "dead-run", T0, T0.plusSeconds(3600));
    plant(dead);

    try (RunJournal journal = openAt(T0.plusSeconds(5))) {
      assertThat(journal.takenOver()).contains(dead);
      assertThat(stored().runId()).isEqualTo(journal.runId());
    }
    assertThat(RunJournal.isAlive(dead, T0)).isFalse();
  }

  @Test
  void theLeaseOfALiveProcessOnThisHostIsRefused() throws Exception {
    Process alive = new ProcessBuilder("sleep", "120").start();
    try {
      RunLease held = new RunLease(thisHost(), alive.pid(), "live-run", T0, T0.plusSeconds(3600));
      plant(held);

      assertThatThrownBy(() -> openAt(T0.plusSeconds(5)))
          .isInstanceOf(ConcurrentMigrationException.class)
          .hasMessageContaining("(pid " + alive.pid() + ", run live-run)");
      assertThat(stored()).isEqualTo(held);
      assertThat(RunJournal.isAlive(held, T0)).isTrue();
      assertThat(RunJournal.isAlive(held, T0.plusSeconds(3600))).as("expired").isFalse();
    } finally {
      alive.destroyForcibly();
    }
  }

  @Test
  void aLeaseWhoseTakingLostARaceIsTakenFromTheFreshState() {
    HistoryRecord theirs = row("0009", Status.APPLIED);
    // right after the run read the history, another writer commits a row of the namespace
    Clock clock =
        new CallbackClock(
            T0,
            Duration.ZERO,
            2,
            () -> {
              NamespaceHistory read = otherWriter.load(namespace);
              otherWriter.commit(read, read.with(theirs));
            });

    try (RunJournal journal = open(clock, LEASE, Duration.ZERO)) {
      assertThat(stored().runId()).isEqualTo(journal.runId());
      assertThat(journal.state().row("0009")).contains(theirs);
      assertThat(journal.takenOver()).isEmpty();
    }
    assertThat(history.load(namespace).row("0009")).contains(theirs);
  }

  // --- the heartbeat -----------------------------------------------------------------------------

  @Test
  void theHeartbeatRenewsTheLeaseOfAQuietRun() throws Exception {
    try (RunJournal journal = open(Clock.systemUTC(), Duration.ofMillis(600), Duration.ZERO)) {
      RunLease taken = stored();
      RunLease renewed = taken;
      long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(ProgressWatch.HANG_MINUTES);
      while (!renewed.expiresAt().isAfter(taken.expiresAt()) && System.nanoTime() < giveUp) {
        Thread.sleep(50);
        renewed = stored();
      }

      assertThat(renewed.expiresAt()).isAfter(taken.expiresAt());
      assertThat(renewed.runId()).isEqualTo(journal.runId());
      assertThat(renewed.since()).isEqualTo(taken.since());
    }
    assertThat(stored()).isNull();
  }

  // --- writes under the lease ----------------------------------------------------------------

  @Test
  void aWriteWhoseCommitLandedDespiteTheAnswerIsNotWrittenAgain() {
    try (RunJournal journal = openAt(T0)) {
      NamespaceHistory before = journal.state();
      HistoryRecord row = row("0001", Status.APPLIED);
      // the commit the journal is about to make, already stored as if its answer had been lost
      NamespaceHistory landed =
          history.commit(before, before.with(row).withLease(before.lease().orElseThrow()));

      journal.write(List.of(row));

      assertThat(journal.state().snapshotId()).isEqualTo(landed.snapshotId());
      assertThat(history.load(namespace).snapshotId()).isEqualTo(landed.snapshotId());
      assertThat(journal.state().row("0001")).contains(row);
    }
  }

  @Test
  void aReleaseThatLandedDespiteTheAnswerEndsTheRun() {
    RunJournal journal = openAt(T0);
    NamespaceHistory before = journal.state();
    HistoryRecord row = row("0001", Status.APPLIED);
    NamespaceHistory landed = history.commit(before, before.with(row).withoutLease());

    journal.finish(List.of(row));

    assertThat(journal.isFinished()).isTrue();
    assertThat(history.load(namespace).snapshotId()).isEqualTo(landed.snapshotId());
    assertThat(stored()).isNull();
  }

  @Test
  void aReleaseAfterAnotherWriterAddedARowStillReleases() {
    RunJournal journal = openAt(T0);
    NamespaceHistory read = otherWriter.load(namespace);
    otherWriter.commit(read, read.with(row("0009", Status.APPLIED)));

    journal.finish(List.of());

    assertThat(stored()).isNull();
    assertThat(history.load(namespace).rows())
        .extracting(HistoryRecord::version)
        .containsExactly("0009");
  }

  @Test
  void aRenewalAfterAnotherWriterAddedARowStillRenews() {
    // one second later at each reading: the renewal asks for a later expiry than the lease has
    try (RunJournal journal =
        open(new CallbackClock(T0, Duration.ofSeconds(1), 0, () -> {}), LEASE, Duration.ZERO)) {
      RunLease taken = stored();
      NamespaceHistory read = otherWriter.load(namespace);
      otherWriter.commit(read, read.with(row("0009", Status.APPLIED)));

      journal.write(List.of());

      assertThat(stored().runId()).isEqualTo(journal.runId());
      assertThat(stored().expiresAt()).isAfter(taken.expiresAt());
      assertThat(history.load(namespace).row("0009")).isPresent();
    }
  }

  @Test
  void aWriteAfterAnOperatorReleasedTheLeaseFailsAndRecordsNothing() {
    try (RunJournal journal = openAt(T0)) {
      NamespaceHistory read = history.load(namespace);
      history.commit(read, read.withoutLease());

      assertThatThrownBy(() -> journal.write(List.of(row("0001", Status.APPLIED))))
          .isInstanceOf(ConcurrentMigrationException.class)
          .hasMessage(
              "Cannot go on migrating "
                  + namespace
                  + ": this run lost its lease (it was released by an operator); nothing more was"
                  + " recorded");
    }
    assertThat(history.load(namespace).rows()).isEmpty();
    assertThat(stored()).isNull();
  }

  @Test
  void aWriteAfterAnotherRunTookTheLeaseOverFailsNamingIt() {
    RunLease other = new RunLease("elsewhere", 4242, "other-run", T0, T0.plusSeconds(3600));
    try (RunJournal journal = openAt(T0)) {
      plant(other);

      assertThatThrownBy(() -> journal.write(List.of(row("0001", Status.APPLIED))))
          .isInstanceOf(ConcurrentMigrationException.class)
          .hasMessage(
              "Cannot go on migrating "
                  + namespace
                  + ": this run lost its lease (now held by elsewhere (pid 4242, run other-run)"
                  + " since "
                  + T0
                  + "); nothing more was recorded");
    }
    assertThat(history.load(namespace).rows()).isEmpty();
    assertThat(stored()).as("closing leaves the new holder's lease").isEqualTo(other);
  }

  @Test
  void aWriteKeepsRowsAnotherWriterAddedMeanwhile() {
    try (RunJournal journal = openAt(T0)) {
      NamespaceHistory read = history.load(namespace);
      history.commit(read, read.with(row("0009", Status.APPLIED)));

      journal.write(List.of(row("0001", Status.RUNNING)));

      assertThat(history.load(namespace).rows())
          .extracting(HistoryRecord::version, HistoryRecord::status)
          .containsExactly(
              org.assertj.core.api.Assertions.tuple("0001", Status.RUNNING),
              org.assertj.core.api.Assertions.tuple("0009", Status.APPLIED));
      assertThat(stored().runId()).isEqualTo(journal.runId());
    }
  }

  @Test
  void aWriteOfARowAnotherWriterChangedFails() {
    try (RunJournal journal = openAt(T0)) {
      journal.write(List.of(row("0001", Status.RUNNING)));
      NamespaceHistory read = history.load(namespace);
      history.commit(read, read.with(row("0001", Status.FAILED)));

      assertThatThrownBy(() -> journal.write(List.of(row("0001", Status.APPLIED))))
          .isInstanceOf(ConcurrentMigrationException.class)
          .hasMessage(
              "Cannot record migration 0001 for namespace "
                  + namespace
                  + ": another writer changed its history row during this run");
    }
    assertThat(history.load(namespace).row("0001").orElseThrow().status()).isEqualTo(Status.FAILED);
  }

  @Test
  void noWriteAfterTheRunEnded() {
    RunJournal journal = openAt(T0);
    journal.finish(List.of());

    assertThatThrownBy(() -> journal.write(List.of(row("0001", Status.APPLIED))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot write history of " + namespace + ": run ended");
    journal.close();
    assertThat(history.load(namespace).rows()).isEmpty();
  }

  /**
   * A clock that starts at an instant and moves on by a step at each reading, and runs a callback
   * at its n-th reading.
   */
  private static final class CallbackClock extends Clock {
    private final Instant start;
    private final Duration step;
    private final int callbackAt;
    private final Runnable callback;
    private final AtomicInteger readings = new AtomicInteger();

    CallbackClock(Instant start, Duration step, int callbackAt, Runnable callback) {
      this.start = start;
      this.step = step;
      this.callbackAt = callbackAt;
      this.callback = callback;
    }

    @Override
    public Instant instant() {
      int reading = readings.incrementAndGet();
      if (reading == callbackAt) {
        callback.run();
      }
      return start.plus(step.multipliedBy(reading - 1L));
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException("Cannot change the zone of a test clock");
    }
  }
}
