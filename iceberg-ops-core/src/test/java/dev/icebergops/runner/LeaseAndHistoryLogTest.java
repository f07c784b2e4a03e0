package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.TestWrites;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import dev.icebergops.testsupport.StandardError;
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
class LeaseAndHistoryLogTest {

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

  private HeldLease open(Clock clock, Duration leaseDuration, Duration leaseWait) {
    RunnerConfig options = RunConfigs.of(namespace, clock, leaseDuration, leaseWait);
    return LeaseTaking.open(
        new NamespaceView(TestWrites.table(history), options, remote), "migrate " + namespace);
  }

  private HeldLease openAt(Instant now) {
    return open(Clock.fixed(now, ZoneOffset.UTC), LEASE, Duration.ZERO);
  }

  /** Stores a lease as another run would have taken it. */
  private void plant(RunLease lease) {
    NamespaceHistory read = history.load(namespace);
    TestWrites.writer(history).commit(read, read.withLease(lease));
  }

  /**
   * Stores a lease while the heartbeat may renew the stored one: again after a lost race, after a
   * random pause (on a loaded machine a read and commit can take longer than the heartbeat's
   * period, so that back-to-back tries keep losing); given up only after the hang bound.
   */
  private void plantDuringHeartbeats(RunLease lease) {
    long giveUp = System.nanoTime() + ProgressWatch.STALL.toNanos();
    while (true) {
      try {
        plant(lease);
        return;
      } catch (dev.icebergops.history.HistoryConflictException e) {
        if (System.nanoTime() > giveUp) {
          throw e;
        }
        pause(java.util.concurrent.ThreadLocalRandom.current().nextLong(20, 400));
      }
    }
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
    try (HeldLease journal = openAt(T0)) {
      return journal.log().state().lease().orElseThrow().host();
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

    Future<HeldLease> waiting = pool.submit(() -> open(clock, LEASE, Duration.ofSeconds(30)));
    assertThat(sawTheLease.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)).isTrue();
    NamespaceHistory read = history.load(namespace);
    TestWrites.writer(history).commit(read, read.withoutLease());

    try (HeldLease journal = waiting.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)) {
      assertThat(journal.takenOver()).isEmpty();
      assertThat(stored().runId()).isEqualTo(journal.log().runId());
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

    try (HeldLease journal = open(clock, LEASE, Duration.ofMillis(1500))) {
      assertThat(journal.takenOver()).contains(other);
      RunLease mine = stored();
      assertThat(mine.runId()).isEqualTo(journal.log().runId()).isNotEqualTo("other-run");
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

  /** A lease of {@code pid} recorded in the given PID namespace and boot of this host. */
  private RunLease leaseOf(long pid, String pidNamespace, String bootId, String runId) {
    return new RunLease(thisHost(), pid, pidNamespace, bootId, runId, T0, T0.plusSeconds(3600));
  }

  /** A pid that is gone: the process of {@code true}, ended. */
  private static long deadPid() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    assertThat(gone.waitFor(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)).isTrue();
    return gone.pid();
  }

  @Test
  void theLeaseOfADeadProcessOfThisPidNamespaceAndBootIsTakenOverAtOnce() throws Exception {
    ProcessScope here = ProcessScope.CURRENT;
    RunLease dead = leaseOf(deadPid(), here.pidNamespace(), here.bootId(), "dead-run");
    plant(dead);

    try (HeldLease journal = openAt(T0.plusSeconds(5))) {
      assertThat(journal.takenOver()).contains(dead);
      RunLease mine = stored();
      assertThat(mine.runId()).isEqualTo(journal.log().runId());
      assertThat(mine.pidNamespace()).as("recorded PID namespace").startsWith("pid:[");
      assertThat(mine.bootId()).as("recorded boot").isEqualTo(here.bootId()).isNotBlank();
    }
    assertThat(ProcessScope.CURRENT.mayBeAlive(dead, T0)).isFalse();
  }

  @Test
  void aDeadPidRecordedInAnotherPidNamespaceIsNotTakenOverBeforeTheLeaseExpires() throws Exception {
    RunLease elsewhere =
        leaseOf(deadPid(), "pid:[4026599999]", ProcessScope.CURRENT.bootId(), "container-run");
    plant(elsewhere);

    assertThatThrownBy(() -> openAt(T0.plusSeconds(5)))
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessageContaining("another run holds its lease: " + elsewhere.owner());
    assertThat(stored()).isEqualTo(elsewhere);
    try (HeldLease journal = openAt(T0.plusSeconds(3600))) {
      assertThat(journal.takenOver()).as("taken over once expired").contains(elsewhere);
    }
  }

  @Test
  void aDeadPidRecordedInAnotherBootIsNotTakenOverBeforeTheLeaseExpires() throws Exception {
    RunLease beforeReboot =
        leaseOf(
            deadPid(),
            ProcessScope.CURRENT.pidNamespace(),
            "00000000-0000-0000-0000-000000000000",
            "rebooted-run");
    plant(beforeReboot);

    assertThatThrownBy(() -> openAt(T0.plusSeconds(5)))
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessageContaining("another run holds its lease: " + beforeReboot.owner());
    assertThat(stored()).isEqualTo(beforeReboot);
  }

  @Test
  void aDeadPidOfALeaseWithoutItsPidNamespaceIsNotTakenOverBeforeTheLeaseExpires()
      throws Exception {
    // as an earlier release recorded it: host and pid only
    RunLease older = new RunLease(thisHost(), deadPid(), "old-run", T0, T0.plusSeconds(3600));
    plant(older);

    assertThatThrownBy(() -> openAt(T0.plusSeconds(5)))
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessageContaining("another run holds its lease: " + older.owner());
    assertThat(stored()).isEqualTo(older);
    assertThat(ProcessScope.CURRENT.mayBeAlive(older, T0.plusSeconds(3600)))
        .as("expired")
        .isFalse();
  }

  @Test
  void theLeaseOfALiveProcessOnThisHostIsRefused() throws Exception {
    Process alive = new ProcessBuilder("sleep", "120").start();
    try {
      ProcessScope here = ProcessScope.CURRENT;
      RunLease held = leaseOf(alive.pid(), here.pidNamespace(), here.bootId(), "live-run");
      plant(held);

      assertThatThrownBy(() -> openAt(T0.plusSeconds(5)))
          .isInstanceOf(ConcurrentMigrationException.class)
          .hasMessageContaining("(pid " + alive.pid() + ", run live-run)");
      assertThat(stored()).isEqualTo(held);
      assertThat(ProcessScope.CURRENT.mayBeAlive(held, T0)).isTrue();
      assertThat(ProcessScope.CURRENT.mayBeAlive(held, T0.plusSeconds(3600)))
          .as("expired")
          .isFalse();
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
              TestWrites.writer(otherWriter).commit(read, read.with(theirs));
            });

    try (HeldLease journal = open(clock, LEASE, Duration.ZERO)) {
      assertThat(stored().runId()).isEqualTo(journal.log().runId());
      assertThat(journal.log().state().row("0009")).contains(theirs);
      assertThat(journal.takenOver()).isEmpty();
    }
    assertThat(history.load(namespace).row("0009")).contains(theirs);
  }

  // --- the heartbeat -----------------------------------------------------------------------------

  @Test
  void theHeartbeatRenewsTheLeaseOfAQuietRun() throws Exception {
    try (HeldLease journal = open(Clock.systemUTC(), Duration.ofMillis(600), Duration.ZERO)) {
      RunLease taken = stored();
      RunLease renewed = taken;
      long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(ProgressWatch.HANG_MINUTES);
      while (!renewed.expiresAt().isAfter(taken.expiresAt()) && System.nanoTime() < giveUp) {
        Thread.sleep(50);
        renewed = stored();
      }

      assertThat(renewed.expiresAt()).isAfter(taken.expiresAt());
      assertThat(renewed.runId()).isEqualTo(journal.log().runId());
      assertThat(renewed.since()).isEqualTo(taken.since());
    }
    assertThat(stored()).isNull();
  }

  // --- writes under the lease ----------------------------------------------------------------

  @Test
  void aWriteWhoseCommitLandedDespiteTheAnswerIsNotWrittenAgain() {
    try (HeldLease journal = openAt(T0)) {
      NamespaceHistory before = journal.log().state();
      HistoryRecord row = row("0001", Status.APPLIED);
      // the commit the journal is about to make, already stored as if its answer had been lost
      NamespaceHistory landed =
          TestWrites.writer(history)
              .commit(before, before.with(row).withLease(before.lease().orElseThrow()));

      journal.log().write(List.of(row));

      assertThat(journal.log().state().snapshotId()).isEqualTo(landed.snapshotId());
      assertThat(history.load(namespace).snapshotId()).isEqualTo(landed.snapshotId());
      assertThat(journal.log().state().row("0001")).contains(row);
    }
  }

  @Test
  void aReleaseThatLandedDespiteTheAnswerEndsTheRun() {
    HeldLease journal = openAt(T0);
    NamespaceHistory before = journal.log().state();
    HistoryRecord row = row("0001", Status.APPLIED);
    NamespaceHistory landed =
        TestWrites.writer(history).commit(before, before.with(row).withoutLease());

    journal.log().finish(List.of(row));

    assertThat(journal.log().isFinished()).isTrue();
    assertThat(history.load(namespace).snapshotId()).isEqualTo(landed.snapshotId());
    assertThat(stored()).isNull();
  }

  @Test
  void aReleaseAfterAnotherWriterAddedARowStillReleases() {
    HeldLease journal = openAt(T0);
    NamespaceHistory read = otherWriter.load(namespace);
    TestWrites.writer(otherWriter).commit(read, read.with(row("0009", Status.APPLIED)));

    journal.log().finish(List.of());

    assertThat(stored()).isNull();
    assertThat(history.load(namespace).rows())
        .extracting(HistoryRecord::version)
        .containsExactly("0009");
  }

  @Test
  void aRenewalAfterAnotherWriterAddedARowStillRenews() {
    // one second later at each reading: the renewal asks for a later expiry than the lease has
    try (HeldLease journal =
        open(new CallbackClock(T0, Duration.ofSeconds(1), 0, () -> {}), LEASE, Duration.ZERO)) {
      RunLease taken = stored();
      NamespaceHistory read = otherWriter.load(namespace);
      TestWrites.writer(otherWriter).commit(read, read.with(row("0009", Status.APPLIED)));

      journal.log().write(List.of());

      assertThat(stored().runId()).isEqualTo(journal.log().runId());
      assertThat(stored().expiresAt()).isAfter(taken.expiresAt());
      assertThat(history.load(namespace).row("0009")).isPresent();
    }
  }

  @Test
  void aWriteAfterAnOperatorReleasedTheLeaseFailsAndRecordsNothing() {
    try (HeldLease journal = openAt(T0)) {
      NamespaceHistory read = history.load(namespace);
      TestWrites.writer(history).commit(read, read.withoutLease());

      assertThatThrownBy(() -> journal.log().write(List.of(row("0001", Status.APPLIED))))
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
  void aWriteAfterTheLeaseExpiredAndWasTakenOverAndReleasedSaysSo() {
    SettableClock clock = new SettableClock(T0);
    try (HeldLease journal = open(clock, LEASE, Duration.ZERO)) {
      // the run stops past its lease's expiry; another run takes it over, rolls 0001 back and ends
      clock.set(T0.plus(LEASE).plusSeconds(30));
      NamespaceHistory read = otherWriter.load(namespace);
      HistoryRecord rolledBack =
          new HistoryRecord(
              "0001",
              namespace,
              "v0001",
              Status.ROLLED_BACK,
              null,
              "abc",
              T0,
              0L,
              "rollback",
              List.of(),
              "run-b");
      TestWrites.writer(otherWriter).commit(read, read.with(rolledBack).withoutLease());

      assertThatThrownBy(() -> journal.log().write(List.of(row("0001", Status.APPLIED))))
          .isInstanceOf(ConcurrentMigrationException.class)
          .hasMessage(
              "Cannot go on migrating "
                  + namespace
                  + ": this run lost its lease (it expired at "
                  + T0.plus(LEASE)
                  + " without being renewed; run run-b took it over and has since released it);"
                  + " nothing more was recorded");
      assertThat(journal.log().lastSeenRow("0001")).contains(rolledBack);
    }
    assertThat(stored()).isNull();
  }

  @Test
  void aRenewalThatKeepsFailingIsReportedOnceAndOnceMoreWhenItRecovers() throws Exception {
    CallbackClock clock = new CallbackClock(T0, Duration.ofSeconds(1), 0, () -> {});
    String log =
        StandardError.capture(
            () -> {
              // a heartbeat every second (a sixth of the lease): room between two renewals for
              // the plants' read and commit, even where a history write takes a few hundred ms
              HeldLease journal = open(clock, Duration.ofSeconds(6), Duration.ZERO);
              RunLease mine = stored();
              plantDuringHeartbeats(
                  new RunLease("elsewhere", 4242, "other-run", T0, T0.plusSeconds(3600)));
              // at least three renewals fail: each reads the clock more than once
              awaitReadings(clock, clock.readings() + 12);
              plantDuringHeartbeats(mine);
              awaitRenewal(mine);
              plantDuringHeartbeats(
                  new RunLease("elsewhere", 4242, "other-run", T0, T0.plusSeconds(3600)));
              awaitReadings(clock, clock.readings() + 12);
              journal.close();
            });

    String cannot =
        "WARN dev.icebergops.runner.MigrationRunner - Cannot renew the run lease of"
            + " namespace "
            + namespace
            + ":";
    assertThat(log.split(java.util.regex.Pattern.quote(cannot), -1))
        .as("one warning per failing stretch, not one per heartbeat, in:%n%s", log)
        .hasSize(3);
    assertThat(log)
        .contains(
            "Renewed the run lease of namespace " + namespace + " again, after failing since ")
        .contains("The run on namespace " + namespace + " ended with its lease not renewed since ");
  }

  private static void awaitReadings(CallbackClock clock, int readings) {
    await(() -> clock.readings() >= readings);
    assertThat(clock.readings())
        .as("clock readings of the heartbeat")
        .isGreaterThanOrEqualTo(readings);
  }

  private void awaitRenewal(RunLease mine) {
    await(() -> stored().expiresAt().isAfter(mine.expiresAt()));
    assertThat(stored().expiresAt()).as("renewed").isAfter(mine.expiresAt());
  }

  /** Waits until {@code done}, giving up after two minutes without it (the caller then fails). */
  private static void await(java.util.function.BooleanSupplier done) {
    long giveUp = System.nanoTime() + ProgressWatch.STALL.toNanos();
    while (!done.getAsBoolean() && System.nanoTime() < giveUp) {
      pause(20);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aWriteAfterAnotherRunTookTheLeaseOverFailsNamingIt() {
    RunLease other = new RunLease("elsewhere", 4242, "other-run", T0, T0.plusSeconds(3600));
    try (HeldLease journal = openAt(T0)) {
      plant(other);

      assertThatThrownBy(() -> journal.log().write(List.of(row("0001", Status.APPLIED))))
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
    try (HeldLease journal = openAt(T0)) {
      NamespaceHistory read = history.load(namespace);
      TestWrites.writer(history).commit(read, read.with(row("0009", Status.APPLIED)));

      journal.log().write(List.of(row("0001", Status.RUNNING)));

      assertThat(history.load(namespace).rows())
          .extracting(HistoryRecord::version, HistoryRecord::status)
          .containsExactly(
              org.assertj.core.api.Assertions.tuple("0001", Status.RUNNING),
              org.assertj.core.api.Assertions.tuple("0009", Status.APPLIED));
      assertThat(stored().runId()).isEqualTo(journal.log().runId());
    }
  }

  @Test
  void aWriteOfARowAnotherWriterChangedFails() {
    try (HeldLease journal = openAt(T0)) {
      journal.log().write(List.of(row("0001", Status.RUNNING)));
      NamespaceHistory read = history.load(namespace);
      TestWrites.writer(history).commit(read, read.with(row("0001", Status.FAILED)));

      assertThatThrownBy(() -> journal.log().write(List.of(row("0001", Status.APPLIED))))
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
    HeldLease journal = openAt(T0);
    journal.log().finish(List.of());

    assertThatThrownBy(() -> journal.log().write(List.of(row("0001", Status.APPLIED))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot write history of " + namespace + ": run ended");
    journal.close();
    assertThat(history.load(namespace).rows()).isEmpty();
  }

  /**
   * A clock that starts at an instant and moves on by a step at each reading, and runs a callback
   * at its n-th reading.
   */
  private static final class CallbackClock extends UtcClock {
    private final Instant start;
    private final Duration step;
    private final int callbackAt;
    private final Runnable callback;
    private final AtomicInteger readings = new AtomicInteger();

    int readings() {
      return readings.get();
    }

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
  }

  /** A clock that stands still until the test moves it. */
  private static final class SettableClock extends UtcClock {
    private volatile Instant now;

    SettableClock(Instant now) {
      this.now = now;
    }

    void set(Instant value) {
      now = value;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  /** A test clock in UTC. */
  private abstract static class UtcClock extends Clock {
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
