package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.TestWrites;
import dev.icebergops.history.internal.PendingRows;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddAAndB;
import dev.icebergops.runner.FailureFixtures.V0002__AddAThenFail;
import dev.icebergops.runner.FailureFixtures.V0002__FailsAnAssertion;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.runner.ValidationFinding.Kind;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ChildJvm;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner's failure model on the real REST catalog + S3: failures, crashes, leases, validate.
 */
@ExtendWith(SharedEnvironment.class)
class RunnerFailureModelTest {

  private IcebergTestEnvironment environment;
  private Catalog catalog;
  private String namespace;
  private String meta;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    this.catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "fm_" + suffix;
    meta = "_ops_" + suffix;
  }

  @SafeVarargs
  private MigrationRunner runner(Class<? extends Migration>... types) {
    return runner(catalog, types);
  }

  @SafeVarargs
  private MigrationRunner runner(Catalog client, Class<? extends Migration>... types) {
    return MigrationRunner.builder(client)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(MigrationSource.of(types))
        .build();
  }

  private List<String> columns() {
    return catalog.loadTable(TableIdentifier.of(namespace, "t")).schema().columns().stream()
        .map(Types.NestedField::name)
        .toList();
  }

  private boolean tableExists() {
    return catalog.tableExists(TableIdentifier.of(namespace, "t"));
  }

  // --- case 1: rollback never steps past a failed version -----------------------------------

  @Test
  void aFailedVersionRecordsTheStepsItCommitted() {
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddAThenFail.class);

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessage(
            "Cannot apply migration 0002 (Add a then fail) to %s: upgrade failed:"
                + " java.lang.IllegalStateException: the backfill of a failed;"
                + " committed before the failure: add column %s.t.a",
            namespace, namespace);

    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::steps)
        .containsExactly(
            tuple("0001", Status.APPLIED, List.of("create table " + namespace + ".t")),
            tuple("0002", Status.FAILED, List.of("add column " + namespace + ".t.a")));
    assertThatThrownBy(runner::validate)
        .isInstanceOf(MigrationValidationException.class)
        .hasMessageStartingWith("Cannot validate " + namespace + ": validation found 1 problem")
        .hasMessageEndingWith(
            "; roll it back, or fix the tables and run repair() (or stamp(\"0002\"))");
  }

  @Test
  void rollbackUndoesAFailedVersionFirstAndStopsThere() {
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddAThenFail.class);
    assertThatThrownBy(runner::migrate).isInstanceOf(MigrationException.class);
    assertThat(columns()).containsExactly("id", "a");

    assertThat(runner.rollback(1).versions()).containsExactly("0002");

    assertThat(tableExists()).isTrue();
    assertThat(columns()).containsExactly("id");
    assertThat(runner.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .containsExactly(tuple("0001", State.APPLIED), tuple("0002", State.ROLLED_BACK));
  }

  @Test
  void aFailedVersionThatCommittedNothingIsRolledBackWithoutItsDowngrade() {
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__FailsInPreUpgrade.class);
    assertThatThrownBy(runner::migrate).hasMessageContaining("preUpgrade failed");

    assertThat(runner.rollback(1).versions()).containsExactly("0002");

    assertThat(V0002__FailsInPreUpgrade.downgrades).isZero();
    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(tuple("0001", Status.APPLIED), tuple("0002", Status.ROLLED_BACK));
  }

  public static class V0002__FailsInPreUpgrade extends BaseMigration {
    static int downgrades;

    @Override
    public void preUpgrade(MigrationContext ctx) {
      throw new IllegalStateException("t is not empty");
    }

    @Override
    public void upgrade(MigrationContext ctx) {}

    @Override
    public void downgrade(MigrationContext ctx) {
      downgrades++;
    }
  }

  // --- case 2: errors and crashes ---------------------------------------------------------------

  @Test
  void anErrorIsRecordedAndRethrownAsItIs() {
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__FailsAnAssertion.class);

    assertThatThrownBy(runner::migrate)
        .isExactlyInstanceOf(AssertionError.class)
        .hasMessage("a must be filled");

    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::error)
        .containsExactly(
            tuple("0001", Status.APPLIED, null),
            tuple(
                "0002",
                Status.FAILED,
                "upgrade failed: java.lang.AssertionError: a must be filled"));
    assertThat(runner.lease()).isEmpty();
  }

  /**
   * On a REST catalog a version's changes go out with its history row in one commit: the JVM halted
   * after 0002's first step (its column written, not yet committed) leaves none of 0002, and the
   * running row written with 0001's outcome, which repair marks pending as for any interrupted
   * version.
   */
  @Test
  void aRunHaltedBetweenTwoStepsLandsNothingOfTheVersionAndConverges(@TempDir Path dir)
      throws Exception {
    halt(dir, CrashingRun.Point.BETWEEN_STEPS);
    assertThat(columns()).as("nothing of 0002 landed").containsExactly("id");
    assertThat(historyTable().properties())
        .as("0001's outcome and 0002's running row, pending rows of the halted run")
        .containsKey(PendingRows.property(namespace));

    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddAAndB.class);
    assertThat(runner.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .containsExactly(tuple("0001", State.APPLIED), tuple("0002", State.INTERRUPTED));
    assertThat(runner.history().get(1).steps()).as("no step recorded").isEmpty();

    assertThat(runner.repair().changes())
        .extracting(RepairResult.Change::version, RepairResult.Change::change)
        .containsExactly(tuple("0002", "marked pending (was interrupted)"));
    assertThat(runner.migrate().versions()).containsExactly("0002");
    assertThat(columns()).containsExactly("id", "a", "b");
    assertThat(runner.status())
        .extracting(MigrationStatus::state)
        .containsExactly(State.APPLIED, State.APPLIED);
    assertThat(historyTable().properties())
        .as("stored as rows by the runs since")
        .doesNotContainKey(PendingRows.property(namespace));
  }

  private Table historyTable() {
    return catalog.loadTable(TableIdentifier.of(meta, MigrationHistory.TABLE_NAME));
  }

  /**
   * The JVM halted at the last instant before a version lands: 0002's history row is in the store
   * (its Parquet data file, manifest and manifest list written), the multi-table commit that
   * carries it with 0002's columns not yet sent. Nothing of 0002 landed, the history keeps 0002's
   * running row with no step, and the way forward converges. The written data file stays in the
   * store as an orphan: no snapshot of the history table lists it, so no read sees it, and later
   * writes of the namespace go on beside it (Iceberg's orphan-file removal deletes it).
   */
  @Test
  @Tag("failure-paths")
  void aRunHaltedAfterWritingTheHistoryFileBeforeTheVersionsCommitLandsNothingAndConverges(
      @TempDir Path dir) throws Exception {
    halt(dir, CrashingRun.Point.BEFORE_VERSION_COMMIT);

    assertThat(columns()).as("nothing of 0002 landed").containsExactly("id");
    Set<String> orphans = unlistedHistoryFiles();
    assertThat(orphans).as("0002's history file, written, never committed").hasSize(1);
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddAAndB.class);
    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::steps)
        .containsExactly(
            tuple("0001", Status.APPLIED, List.of("create table " + namespace + ".t")),
            tuple("0002", Status.RUNNING, List.of()));
    assertThat(runner.status())
        .extracting(MigrationStatus::state)
        .containsExactly(State.APPLIED, State.INTERRUPTED);

    assertThat(runner.repair().changes())
        .extracting(RepairResult.Change::version, RepairResult.Change::change)
        .containsExactly(tuple("0002", "marked pending (was interrupted)"));
    assertThat(runner.migrate().versions()).containsExactly("0002");
    assertThat(columns()).containsExactly("id", "a", "b");
    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(tuple("0001", Status.APPLIED), tuple("0002", Status.APPLIED));
    assertThat(unlistedHistoryFiles()).as("the orphan, still unread").isEqualTo(orphans);
  }

  /**
   * Runs {@link CrashingRun} in a child JVM that halts at {@code point}, and waits for it to end
   * with the halt's exit status.
   */
  private void halt(Path dir, CrashingRun.Point point) throws Exception {
    Path props = ChildCatalog.store(dir, "catalog", environment.catalogProperties());
    Path log = dir.resolve("child.log");
    Process child =
        new ProcessBuilder(
                ChildJvm.command(
                    CrashingRun.class, props.toString(), namespace, meta, point.name()))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    // a slow child is not a hung child: only ten minutes without output or CPU time is a hang
    assertThat(
            ProgressWatch.of("the halting child")
                .signal("output", ProgressWatch.bytesIn(log))
                .signal("CPU time", ProgressWatch.cpuMillis(child.toHandle()))
                .await(() -> !child.isAlive()))
        .as("the child ended")
        .isEmpty();
    assertThat(child.exitValue()).as("child output:%n%s", Files.readString(log)).isEqualTo(137);
  }

  /** The data files of this namespace's history in the store that no history snapshot added. */
  private Set<String> unlistedHistoryFiles() {
    Table history = catalog.loadTable(TableIdentifier.of(meta, MigrationHistory.TABLE_NAME));
    Set<String> unlisted = new TreeSet<>();
    ((SupportsPrefixOperations) history.io())
        .listPrefix(history.location() + "/data/namespace=" + namespace + "/")
        .forEach(file -> unlisted.add(file.location()));
    for (Snapshot snapshot : history.snapshots()) {
      snapshot.addedDataFiles(history.io()).forEach(file -> unlisted.remove(file.location()));
    }
    return unlisted;
  }

  // --- validate and repair ----------------------------------------------------------------------

  @Test
  void validateRefusesAnOutOfOrderVersionUnlessAllowed() {
    runner(V0001__CreateT.class, FailureFixtures.V0003__AddB.class).migrate();
    MigrationRunner late =
        runner(
            V0001__CreateT.class,
            FailureFixtures.V0002__AddA.class,
            FailureFixtures.V0003__AddB.class);

    assertThatThrownBy(late::validate)
        .isInstanceOf(MigrationValidationException.class)
        .hasMessage(
            "Cannot validate %s: validation found 1 problem%n"
                    .formatted(namespace)
                    .replace("%n", "\n")
                + "  - 0002 (Add a) is pending but 0003 is already applied; give it a version above"
                + " 0003, or allow it with outOfOrder(true)");
    assertThatThrownBy(late::migrate)
        .isInstanceOf(MigrationValidationException.class)
        .hasMessageStartingWith("Cannot migrate " + namespace + ": validation found 1 problem");
    assertThat(columns()).containsExactly("id", "b");

    MigrationRunner allowed =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(
                MigrationSource.of(
                    V0001__CreateT.class,
                    FailureFixtures.V0002__AddA.class,
                    FailureFixtures.V0003__AddB.class))
            .outOfOrder(true)
            .build();
    allowed.validate();
    assertThat(allowed.migrate().versions()).containsExactly("0002");
  }

  @Test
  void validateListsEveryFindingInOneException() {
    runner(
            V0001__CreateT.class,
            FailureFixtures.V0003__AddB.class,
            FailureFixtures.V0004__AddC.class)
        .migrate();
    MigrationHistory history = new MigrationHistory(catalog, meta);
    NamespaceHistory read = history.load(namespace);
    HistoryRecord b = read.row("0003").orElseThrow();
    TestWrites.writer(history)
        .commit(
            read,
            read.with(
                new HistoryRecord(
                    b.version(),
                    namespace,
                    b.description(),
                    Status.APPLIED,
                    null,
                    "edited",
                    b.updatedAt(),
                    1L)));

    MigrationRunner now =
        runner(
            V0001__CreateT.class,
            FailureFixtures.V0002__AddA.class,
            FailureFixtures.V0003__AddB.class);

    assertThatThrownBy(now::validate)
        .isInstanceOf(MigrationValidationException.class)
        .hasMessageStartingWith("Cannot validate " + namespace + ": validation found 3 problems")
        .satisfies(
            e ->
                assertThat(((MigrationValidationException) e).findings())
                    .extracting(ValidationFinding::version, ValidationFinding::kind)
                    .containsExactly(
                        tuple("0002", Kind.OUT_OF_ORDER),
                        tuple("0003", Kind.CHECKSUM_CHANGED),
                        tuple("0004", Kind.MISSING_CLASS)));
  }

  @Test
  void repairAcceptsChangedChecksumsAndReportsEachChange() {
    runner(V0001__CreateT.class, FailureFixtures.V0002__AddA.class).migrate();
    MigrationRunner edited = runner(V0001__CreateT.class, V0002__EditedAddA.class);
    assertThat(edited.status())
        .extracting(MigrationStatus::checksumChanged)
        .containsExactly(false, true);
    assertThatThrownBy(edited::migrate)
        .isInstanceOf(MigrationValidationException.class)
        .hasMessageContaining("revert the edit, or accept it with repair()");

    RepairResult repaired = edited.repair();

    assertThat(repaired.changes())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.version()).isEqualTo("0002");
              assertThat(c.change()).startsWith("accepted checksum ").contains(" (was ");
            });
    edited.validate();
    assertThat(edited.repair().changes()).isEmpty();
    assertThat(edited.migrate().versions()).isEmpty();
  }

  public static class V0002__EditedAddA extends FailureFixtures.V0002__AddA {
    @Override
    public String checksum() {
      return "edited-after-apply";
    }
  }

  @Test
  void repairMarksAnInterruptedVersionPending() {
    runner(V0001__CreateT.class).migrate();
    MigrationHistory history = new MigrationHistory(catalog, meta);
    NamespaceHistory read = history.load(namespace);
    TestWrites.writer(history)
        .commit(
            read,
            read.with(
                new HistoryRecord(
                    "0002",
                    namespace,
                    "Add a and b",
                    Status.RUNNING,
                    null,
                    null,
                    Instant.now(),
                    0L,
                    "upgrade",
                    List.of(),
                    "dead-run")));
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddAAndB.class);
    assertThat(runner.status().get(1).state()).isEqualTo(State.INTERRUPTED);

    assertThat(runner.repair().changes())
        .extracting(RepairResult.Change::version, RepairResult.Change::change)
        .containsExactly(tuple("0002", "marked pending (was interrupted)"));

    assertThat(runner.status().get(1).state()).isEqualTo(State.PENDING);
    assertThat(runner.migrate().versions()).containsExactly("0002");
    assertThat(columns()).containsExactly("id", "a", "b");
  }

  // --- the run lease ----------------------------------------------------------------------------

  @Test
  void aLiveLeaseOfAnotherHostStopsARunAndAnOperatorCanReleaseIt() {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    NamespaceHistory read = history.load(namespace);
    Instant now = Instant.now();
    RunLease other = new RunLease("other-host", 42L, "run-7", now, now.plus(Duration.ofMinutes(5)));
    TestWrites.writer(history).commit(read, read.withLease(other));
    MigrationRunner waiting =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.of(V0001__CreateT.class))
            .leaseWait(Duration.ofMillis(700))
            .build();

    assertThatThrownBy(waiting::migrate)
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessageStartingWith(
            "Cannot migrate "
                + namespace
                + ": another run holds its lease: other-host (pid 42, run run-7) since ")
        .hasMessageContaining(
            "release the lease with MigrationRunner.releaseLease() if that run is gone");
    assertThat(tableExists()).isFalse();

    assertThat(waiting.releaseLease()).contains(other);
    assertThat(waiting.lease()).isEmpty();
    assertThat(waiting.migrate().versions()).containsExactly("0001");
  }

  @Test
  void anExpiredLeaseIsTakenOverAndReported() {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    NamespaceHistory read = history.load(namespace);
    Instant then = Instant.now().minus(Duration.ofMinutes(10));
    RunLease dead = new RunLease("other-host", 42L, "run-7", then, then.plusSeconds(60));
    TestWrites.writer(history).commit(read, read.withLease(dead));

    MigrationResult result = runner(V0001__CreateT.class).migrate();

    assertThat(result.versions()).containsExactly("0001");
    assertThat(result.takenOverLease()).isEqualTo(dead);
    assertThat(history.lease(namespace)).isEmpty();
  }

  @Test
  void anOperatorReleasingTheLeaseStopsTheRunningRunFromRecordingMore() {
    MigrationRunner runner =
        runner(
            V0001__CreateT.class,
            V0002__ReleasesItsOwnLease.class,
            FailureFixtures.V0003__AddB.class);

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("this run lost its lease (it was released by an operator)");
    assertThat(FailureFixtures.upgrades(namespace, "0003")).isZero();
  }

  public static class V0002__ReleasesItsOwnLease extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      String meta = "_ops_" + ctx.namespace().substring(3);
      MigrationRunner.builder(ctx.catalog())
          .namespace(ctx.namespace())
          .metaNamespace(meta)
          .source(MigrationSource.of(V0001__CreateT.class))
          .build()
          .releaseLease();
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  @Test
  void theLeaseIsRenewedWhileALongMigrationRuns() {
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.of(V0001__CreateT.class, V0002__Slow.class))
            .leaseDuration(Duration.ofSeconds(2))
            .build();

    runner.migrate();

    assertThat(V0002__Slow.leaseExpiries).hasSizeGreaterThanOrEqualTo(2);
    assertThat(V0002__Slow.leaseExpiries.get(V0002__Slow.leaseExpiries.size() - 1))
        .isAfter(V0002__Slow.leaseExpiries.get(0));
  }

  public static class V0002__Slow extends BaseMigration {
    static final List<Instant> leaseExpiries = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public void upgrade(MigrationContext ctx) throws Exception {
      String meta = "_ops_" + ctx.namespace().substring(3);
      MigrationHistory history = new MigrationHistory(ctx.catalog(), meta);
      // runs until it has seen the heartbeat renew the lease, however slow the machine;
      // the hang bound only ends a run whose lease is never renewed
      long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(ProgressWatch.HANG_MINUTES);
      while (leaseExpiries.stream().distinct().count() < 2 && System.nanoTime() < giveUp) {
        history.lease(ctx.namespace()).ifPresent(l -> leaseExpiries.add(l.expiresAt()));
        Thread.sleep(500);
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  // --- progress -------------------------------------------------------------------------------

  static final List<String> EVENTS = new java.util.concurrent.CopyOnWriteArrayList<>();

  public static class V0001__Logged extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      EVENTS.add("upgrade " + version());
      ctx.createTableIfNotExists("t", FailureFixtures.T);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      EVENTS.add("downgrade " + version());
      ctx.dropTableIfExists("t");
    }
  }

  public static class V0002__AlsoLogged extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      EVENTS.add("upgrade " + version());
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      EVENTS.add("downgrade " + version());
    }
  }

  @Test
  void theStepListenerHearsOfEachVersionAsSoonAsItIsDone() {
    EVENTS.clear();
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.of(V0001__Logged.class, V0002__AlsoLogged.class))
            .onEvent(
                event -> {
                  if (event instanceof RunEvent.StepDone done) {
                    EVENTS.add("done " + done.step().version());
                  }
                })
            .build();

    runner.migrate();
    runner.rollbackTo(MigrationRunner.BASE_VERSION);

    assertThat(EVENTS)
        .containsExactly(
            "upgrade 0001",
            "done 0001",
            "upgrade 0002",
            "done 0002",
            "downgrade 0002",
            "done 0002",
            "downgrade 0001",
            "done 0001");
  }
}
