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
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.runner.SalesMigrations.V0001__CreateOrders;
import dev.icebergops.runner.SalesMigrations.V0002__AddRegion;
import dev.icebergops.runner.SalesMigrations.V0003__PromoteQuantity;
import dev.icebergops.runner.SalesMigrations.V0004__AddChannel;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every rule of the runner, on the REST catalog over HTTP with an S3 store. */
@ExtendWith(SharedEnvironment.class)
class MigrationRunnerTest {

  private static final Instant NOW = Instant.parse("2026-11-29T10:15:30.123456Z");

  private RESTCatalog catalog;
  private String namespace;
  private String meta;
  private Probe probe;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "sales_" + suffix;
    meta = "_ops_" + suffix;
    probe = new Probe();
  }

  private MigrationRunner runner(MigrationSource source) {
    return runner(namespace, source);
  }

  private MigrationRunner runner(String ns, MigrationSource source) {
    return builder(ns, source).build();
  }

  /** The builder of {@link #runner}, for a test that sets one option more. */
  private MigrationRunner.Builder builder(String ns, MigrationSource source) {
    return MigrationRunner.builder(catalog)
        .namespace(ns)
        .source(source)
        .metaNamespace(meta)
        .factory(SalesMigrations.factory(probe))
        .clock(Clock.fixed(NOW, ZoneOffset.UTC));
  }

  private boolean tableExists(String name) {
    return catalog.tableExists(TableIdentifier.of(Namespace.of(namespace), name));
  }

  private List<String> columns() {
    return catalog
        .loadTable(TableIdentifier.of(Namespace.of(namespace), "orders"))
        .schema()
        .columns()
        .stream()
        .map(Types.NestedField::name)
        .toList();
  }

  private List<Object> rows(MigrationRunner runner) {
    return runner.history().stream()
        .map(r -> (Object) (r.version() + " " + r.status().value()))
        .toList();
  }

  // --- the spec's "Running migrations from Python", in Java ------------------------------------

  @Test
  void runningMigrationsFromJava() {
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .source(MigrationSource.of(V0001__CreateOrders.class))
            .metaNamespace(meta)
            .factory(SalesMigrations.factory(probe))
            .build();

    assertThat(runner.plan()).extracting(MigrationStatus::version).containsExactly("0001");
    assertThat(catalog.namespaceExists(Namespace.of(meta))).isFalse();

    runner.migrate();
    assertThat(tableExists("orders")).isTrue();
    assertThat(runner.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .containsExactly(tuple("0001", State.APPLIED));

    runner.rollback(1);
    assertThat(tableExists("orders")).isFalse();
    assertThat(runner.status())
        .extracting(MigrationStatus::state)
        .containsExactly(State.ROLLED_BACK);
  }

  // --- reading creates nothing ------------------------------------------------------------------

  @Test
  void planStatusCurrentAndHistoryCreateNothing() {
    MigrationRunner runner = runner(SalesMigrations.all());

    assertThat(runner.plan())
        .extracting(MigrationStatus::version)
        .containsExactly("0001", "0002", "0003", "0004");
    assertThat(runner.status()).extracting(MigrationStatus::state).containsOnly(State.PENDING);
    assertThat(runner.current()).isEmpty();
    assertThat(runner.history()).isEmpty();

    assertThat(catalog.namespaceExists(Namespace.of(meta))).isFalse();
    assertThat(catalog.namespaceExists(Namespace.of(namespace))).isFalse();
    assertThat(probe.calls()).isEmpty();
  }

  @Test
  void historyAndCurrentNeverLoadMigrationClasses() {
    runner(SalesMigrations.all()).migrate("0002");
    MigrationSource exploding =
        new MigrationSource() {
          @Override
          public List<ResolvedMigration> resolve(String ns, MigrationFactory factory) {
            throw new AssertionError("history must not load migration classes");
          }

          @Override
          public String location() {
            return "nowhere";
          }
        };

    MigrationRunner runner = runner(exploding);

    assertThat(runner.current()).contains("0002");
    assertThat(rows(runner)).containsExactly("0001 applied", "0002 applied");
  }

  // --- migrate ---------------------------------------------------------------------------------

  @Test
  void migrateAppliesPendingVersionsInOrderAndRecordsOneRowEach() {
    MigrationRunner runner = runner(SalesMigrations.all());

    MigrationResult result = runner.migrate();

    assertThat(result.versions()).containsExactly("0001", "0002", "0003", "0004");
    assertThat(result.current()).contains("0004");
    assertThat(probe.calls())
        .containsExactly(
            "0001.preUpgrade",
            "0001.upgrade",
            "0001.postUpgrade",
            "0002.preUpgrade",
            "0002.upgrade",
            "0002.postUpgrade",
            "0003.preUpgrade",
            "0003.upgrade",
            "0003.postUpgrade",
            "0004.preUpgrade",
            "0004.upgrade",
            "0004.postUpgrade");
    assertThat(columns()).containsExactly("id", "quantity", "amount", "region", "channel");
    List<ResolvedMigration> migrations = runner.migrations();
    assertThat(runner.history())
        .extracting(
            HistoryRecord::version,
            HistoryRecord::namespace,
            HistoryRecord::description,
            HistoryRecord::status,
            HistoryRecord::error,
            HistoryRecord::checksum,
            HistoryRecord::updatedAt)
        .containsExactly(
            tuple(
                "0001",
                namespace,
                "Create orders",
                Status.APPLIED,
                null,
                migrations.get(0).checksum(),
                NOW),
            tuple(
                "0002",
                namespace,
                "Add region",
                Status.APPLIED,
                null,
                migrations.get(1).checksum(),
                NOW),
            tuple(
                "0003",
                namespace,
                "Promote quantity",
                Status.APPLIED,
                null,
                migrations.get(2).checksum(),
                NOW),
            tuple(
                "0004",
                namespace,
                "Add channel",
                Status.APPLIED,
                null,
                migrations.get(3).checksum(),
                NOW));
    assertThat(runner.history()).allSatisfy(r -> assertThat(r.durationMs()).isNotNegative());
  }

  @Test
  void migrateAgainAppliesNothing() {
    MigrationRunner runner = runner(SalesMigrations.all());
    runner.migrate();

    MigrationResult again = runner.migrate();

    assertThat(again.steps()).isEmpty();
    assertThat(rows(runner)).hasSize(4);
  }

  @Test
  void migrateToATargetStopsThere() {
    MigrationRunner runner = runner(SalesMigrations.all());

    assertThat(runner.migrate("0002").versions()).containsExactly("0001", "0002");
    assertThat(runner.plan()).extracting(MigrationStatus::version).containsExactly("0003", "0004");
    assertThat(runner.migrate().versions()).containsExactly("0003", "0004");
  }

  @Test
  void migrateToAnUnknownTargetIsRefused() {
    MigrationRunner runner = runner(SalesMigrations.all());

    assertThatThrownBy(() -> runner.migrate("0009"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot migrate %s to 0009: no migration has that version (known: 0001, 0002, 0003, 0004)",
            namespace);
    assertThat(catalog.namespaceExists(Namespace.of(meta))).isFalse();
  }

  @Test
  void failingUpgradeIsRecordedAsFailedAndStopsTheRun() {
    MigrationRunner runner = runner(SalesMigrations.all());
    probe.failOn("0002.upgrade");

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessage(
            "Cannot apply migration 0002 (Add region) to %s: upgrade failed:"
                + " java.lang.IllegalStateException: 0002.upgrade refused;"
                + " committed before the failure: none",
            namespace)
        .hasCauseInstanceOf(IllegalStateException.class)
        .satisfies(
            e -> {
              MigrationException stop = (MigrationException) e;
              assertThat(stop.version()).isEqualTo("0002");
              assertThat(stop.namespace()).isEqualTo(namespace);
              assertThat(stop.step()).isEqualTo("upgrade");
              assertThat(stop.isIrreversible()).isFalse();
              assertThat(stop.partialResult().versions()).containsExactly("0001");
            });

    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::error)
        .containsExactly(
            tuple("0001", Status.APPLIED, null),
            tuple(
                "0002",
                Status.FAILED,
                "upgrade failed: java.lang.IllegalStateException: 0002.upgrade refused"));
    assertThat(probe.calls()).doesNotContain("0003.upgrade", "0002.postUpgrade");

    // a failed version stops migrate until the operator repairs (or rolls back) it
    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationValidationException.class)
        .hasMessageContaining("0002 (Add region) failed")
        .satisfies(
            e ->
                assertThat(((MigrationValidationException) e).findings())
                    .singleElement()
                    .satisfies(finding -> assertThat(finding).hasToString(finding.message())));
    assertThat(runner.repair().changes())
        .extracting(RepairResult.Change::version, RepairResult.Change::change)
        .containsExactly(tuple("0002", "marked pending (was failed)"));
    probe.heal("0002.upgrade");
    assertThat(runner.migrate().versions()).containsExactly("0002", "0003", "0004");

    assertThat(rows(runner)).first().isEqualTo("0001 applied");
  }

  @Test
  void planListsAFailedVersionOnlyWhenMigrateWouldApplyIt() {
    MigrationRunner runner = runner(SalesMigrations.all());
    probe.failOn("0002.upgrade");
    assertThatThrownBy(runner::migrate).isInstanceOf(MigrationException.class);

    // validation on migrate (the default) refuses to step past the failed 0002
    assertThat(runner.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .contains(tuple("0002", MigrationStatus.State.FAILED));
    assertThat(runner.plan()).extracting(MigrationStatus::version).containsExactly("0003", "0004");
    assertThatThrownBy(runner::migrate).isInstanceOf(MigrationValidationException.class);

    MigrationRunner retrying =
        builder(namespace, SalesMigrations.all()).validateOnMigrate(false).build();
    assertThat(retrying.plan())
        .extracting(MigrationStatus::version)
        .containsExactly("0002", "0003", "0004");
    probe.heal("0002.upgrade");
    assertThat(retrying.migrate().versions()).containsExactly("0002", "0003", "0004");
  }

  @Test
  void failingPreDowngradeStopsTheRollbackWithTheVersionApplied() {
    MigrationRunner runner = runner(SalesMigrations.all());
    runner.migrate();
    probe.failOn("0004.preDowngrade");

    assertThatThrownBy(() -> runner.rollback(1))
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "Cannot roll back migration 0004 (Add channel) in "
                + namespace
                + ": preDowngrade failed")
        .hasMessageEndingWith("it stays as it was");
    assertThat(rows(runner)).last().isEqualTo("0004 applied");

    assertThat(probe.calls()).doesNotContain("0004.downgrade");
    assertThat(columns()).contains("channel");
    assertThat(runner.current()).contains("0004");
  }

  @Test
  void failingPostDowngradeIsLoggedAndTheVersionStaysRolledBack() {
    MigrationRunner runner = runner(SalesMigrations.all());
    runner.migrate();
    probe.failOn("0004.postDowngrade");

    assertThat(runner.rollback(1).versions()).containsExactly("0004");

    assertThat(rows(runner)).last().isEqualTo("0004 rolled_back");
    assertThat(columns()).doesNotContain("channel");
  }

  // --- rollback --------------------------------------------------------------------------------

  @Test
  void rollbackUndoesTheNewestVersionsFirst() {
    MigrationRunner runner =
        runner(
            SalesMigrations.source(
                V0001__CreateOrders.class, V0002__AddRegion.class, V0004__AddChannel.class));
    runner.migrate();

    MigrationResult result = runner.rollback(2);

    assertThat(result.versions()).containsExactly("0004", "0002");
    assertThat(result.current()).contains("0001");
    assertThat(columns()).containsExactly("id", "quantity", "amount");
    assertThat(rows(runner))
        .containsExactly("0001 applied", "0002 rolled_back", "0004 rolled_back");
    assertThat(runner.plan()).extracting(MigrationStatus::version).containsExactly("0002", "0004");
  }

  @Test
  void rollbackToAnAppliedVersionKeepsThatVersion() {
    MigrationRunner runner =
        runner(
            SalesMigrations.source(
                V0001__CreateOrders.class, V0002__AddRegion.class, V0004__AddChannel.class));
    runner.migrate();

    MigrationResult result = runner.rollbackTo("0002");

    assertThat(result.versions()).containsExactly("0004");
    assertThat(result.current()).contains("0002");
    assertThat(rows(runner)).containsExactly("0001 applied", "0002 applied", "0004 rolled_back");
  }

  @Test
  void rollbackToBaseVersionUndoesEverything() {
    MigrationRunner runner =
        runner(SalesMigrations.source(V0001__CreateOrders.class, V0002__AddRegion.class));
    runner.migrate();

    assertThat(runner.rollbackTo("0000").versions()).containsExactly("0002", "0001");

    assertThat(tableExists("orders")).isFalse();
    assertThat(runner.current()).isEmpty();
  }

  @Test
  void irreversibleDowngradeStopsTheRollbackAndKeepsEarlierRollbacks() {
    MigrationRunner runner = runner(SalesMigrations.all());
    runner.migrate();

    assertThatThrownBy(() -> runner.rollbackTo("0000"))
        .isInstanceOf(MigrationException.class)
        .hasCauseInstanceOf(IrreversibleMigrationException.class)
        .hasMessageContaining(
            "it is irreversible: quantity stays long: Iceberg cannot narrow a type")
        .satisfies(
            e -> {
              assertThat(((MigrationException) e).isIrreversible()).isTrue();
              assertThat(((MigrationException) e).partialResult().versions())
                  .containsExactly("0004");
            });

    assertThat(rows(runner))
        .containsExactly("0001 applied", "0002 applied", "0003 applied", "0004 rolled_back");
    assertThat(runner.current()).contains("0003");
    assertThat(columns()).containsExactly("id", "quantity", "amount", "region");
  }

  @Test
  void rollbackChecksEveryClassBeforeUndoingAnything() {
    runner(SalesMigrations.all()).migrate();
    MigrationRunner withoutThree =
        runner(
            SalesMigrations.source(
                V0001__CreateOrders.class, V0002__AddRegion.class, V0004__AddChannel.class));

    assertThatThrownBy(() -> withoutThree.rollbackTo("0001"))
        .isInstanceOf(MigrationException.class)
        .hasMessage(
            "Cannot roll back %s to 0001: migration 0003 (Promote quantity) is applied but no class in classes"
                + " [V0001__CreateOrders, V0002__AddRegion, V0004__AddChannel] has that version; nothing was rolled"
                + " back",
            namespace);

    assertThat(rows(withoutThree))
        .containsOnly("0001 applied", "0002 applied", "0003 applied", "0004 applied");
    assertThat(columns()).contains("region", "channel");
    assertThat(withoutThree.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .contains(tuple("0003", State.MISSING));
  }

  @Test
  void rollbackMarksAFailedVersionWithNoStepRolledBackEvenWhenItsClassIsGone() {
    probe.failOn("0002.upgrade");
    assertThatThrownBy(runner(SalesMigrations.all())::migrate)
        .isInstanceOf(MigrationException.class);
    MigrationRunner withoutTwo =
        runner(SalesMigrations.source(V0001__CreateOrders.class, V0003__PromoteQuantity.class));

    withoutTwo.rollbackTo("0001");

    assertThat(withoutTwo.history())
        .extracting(HistoryRecord::version, HistoryRecord::description, HistoryRecord::status)
        .containsExactly(
            tuple("0001", "Create orders", Status.APPLIED),
            tuple("0002", "Add region", Status.ROLLED_BACK));
    assertThat(columns()).doesNotContain("region");
  }

  @Test
  void rollbackRejectsBadArguments() {
    MigrationRunner runner = runner(SalesMigrations.all());

    assertThatThrownBy(() -> runner.rollback(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot roll back %s: steps must be at least 1, got 0", namespace);
    assertThatThrownBy(() -> runner.rollbackTo("0042"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot roll back %s to 0042: no migration has that version (known: 0001, 0002, 0003, 0004)",
            namespace);
  }

  // --- stamp -----------------------------------------------------------------------------------

  @Test
  void stampRecordsVersionsAsAppliedWithoutRunningThem() {
    MigrationRunner runner = runner(SalesMigrations.all());

    MigrationResult stamped = runner.stamp("0002");

    assertThat(stamped.versions()).containsExactly("0001", "0002");
    assertThat(probe.calls()).isEmpty();
    assertThat(tableExists("orders")).isFalse();
    assertThat(rows(runner)).containsExactly("0001 applied", "0002 applied");
    assertThatThrownBy(() -> runner.stamp("0007"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "Cannot stamp " + namespace + " at 0007: no migration has that version");
  }

  @Test
  void stampTellsTheListenerOfEachVersionStamped() {
    List<String> told = new java.util.ArrayList<>();
    MigrationRunner runner =
        builder(namespace, SalesMigrations.all())
            .onEvent(
                event -> {
                  if (event instanceof RunEvent.StepDone done) {
                    told.add(done.step().version());
                  }
                })
            .build();

    runner.stamp("0002");

    assertThat(told).containsExactly("0001", "0002");
  }

  @Test
  void theListenerHearsTheVersionsNewestFirstBeforeAnyDowngrade() {
    List<String> heard = new ArrayList<>();
    MigrationRunner runner =
        builder(namespace, SalesMigrations.all())
            .onEvent(
                event -> {
                  if (event instanceof RunEvent.DowngradesStarting starting) {
                    heard.add(String.join(",", starting.versions()));
                    heard.add("calls so far: " + probe.calls().size());
                  }
                })
            .build();
    runner.migrate("0002");
    int callsAfterMigrate = probe.calls().size();

    runner.rollbackTo("0000");

    assertThat(heard).containsExactly("0002,0001", "calls so far: " + callsAfterMigrate);
    assertThat(probe.calls()).hasSizeGreaterThan(callsAfterMigrate);
  }

  @Test
  void aRollbackWithNothingToUndoDoesNotCallTheListener() {
    List<RunEvent> heard = new ArrayList<>();
    MigrationRunner runner = builder(namespace, SalesMigrations.all()).onEvent(heard::add).build();
    runner.migrate("0002");
    heard.clear();

    runner.rollbackTo("0002");

    assertThat(heard).isEmpty();
  }

  @Test
  void aFailingListenerStopsTheRollbackBeforeAnyDowngrade() {
    MigrationRunner runner =
        builder(namespace, SalesMigrations.all())
            .onEvent(
                event -> {
                  if (event instanceof RunEvent.DowngradesStarting) {
                    throw new IllegalStateException("not ready");
                  }
                })
            .build();
    runner.migrate();
    List<String> callsAfterMigrate = probe.calls();

    assertThatThrownBy(() -> runner.rollbackTo("0000"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("not ready");

    assertThat(probe.calls()).as("no downgrade ran").isEqualTo(callsAfterMigrate);
    assertThat(runner.current()).contains("0004");
  }

  @Test
  void withoutValidationMigrateAppliesAFailedVersionAgain() {
    MigrationRunner runner = runner(SalesMigrations.all());
    probe.failOn("0002.upgrade");
    assertThatThrownBy(runner::migrate).isInstanceOf(MigrationException.class);
    probe.heal("0002.upgrade");

    MigrationRunner unvalidated =
        builder(namespace, SalesMigrations.all()).validateOnMigrate(false).build();

    assertThat(unvalidated.migrate().versions()).containsExactly("0002", "0003", "0004");
    assertThat(rows(runner))
        .containsExactly("0001 applied", "0002 applied", "0003 applied", "0004 applied");
  }

  @Test
  void leaseShowsTheHolderAndReleaseLeaseFreesIt() {
    MigrationRunner runner = runner(SalesMigrations.all());
    assertThat(runner.releaseLease()).as("nothing held").isEmpty();
    MigrationHistory history = new MigrationHistory(catalog, meta);
    NamespaceHistory read = history.load(namespace);
    RunLease held = new RunLease("elsewhere", 4242, "gone-run", NOW, NOW.plusSeconds(3600));
    TestWrites.writer(history).commit(read, read.withLease(held));

    assertThat(runner.lease()).contains(held);
    assertThat(runner.releaseLease()).contains(held);
    assertThat(runner.lease()).isEmpty();
    assertThat(history.load(namespace).lease()).isEmpty();
  }

  // --- checksums and the shared history table --------------------------------------------------

  @Test
  void statusFlagsAnAppliedMigrationWhoseClassChanged() {
    runner(SalesMigrations.source(V0001__CreateOrders.class)).migrate();

    MigrationRunner same = runner(SalesMigrations.source(V0001__CreateOrders.class));
    MigrationRunner edited =
        runner(SalesMigrations.source(SalesMigrations.Edited.V0001__CreateOrders.class));

    assertThat(same.status()).extracting(MigrationStatus::checksumChanged).containsExactly(false);
    assertThat(edited.status()).extracting(MigrationStatus::checksumChanged).containsExactly(true);
  }

  @Test
  void runnersOfDifferentNamespacesShareTheHistoryTable() {
    MigrationRunner sales = runner(SalesMigrations.all());
    MigrationRunner finance =
        runner(namespace + "_finance", SalesMigrations.source(V0001__CreateOrders.class));

    sales.migrate("0002");
    finance.migrate();
    sales.rollback(1);

    assertThat(rows(sales)).containsExactly("0001 applied", "0002 rolled_back");
    assertThat(rows(finance)).containsExactly("0001 applied");
    assertThat(sales.historyTable().readAll())
        .extracting(HistoryRecord::namespace, HistoryRecord::version)
        .containsExactly(
            tuple(namespace, "0001"),
            tuple(namespace, "0002"),
            tuple(namespace + "_finance", "0001"));
  }

  // --- builder ---------------------------------------------------------------------------------

  @Test
  void builderRejectsMissingParts() {
    assertThatThrownBy(() -> MigrationRunner.builder(catalog).source(SalesMigrations.all()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot build migration runner: the namespace is empty");
    assertThatThrownBy(() -> MigrationRunner.builder(catalog).namespace("sales").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot build migration runner for sales: no migration source");
    assertThatThrownBy(
            () ->
                MigrationRunner.builder(catalog)
                    .namespace(" ")
                    .source(SalesMigrations.all())
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot build migration runner: the namespace is empty");
    assertThatThrownBy(
            () ->
                MigrationRunner.builder(catalog)
                    .namespace("sales")
                    .source(SalesMigrations.all())
                    .metaNamespace(" ")
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot build migration runner for sales: the meta-namespace is empty");
    assertThatThrownBy(
            () ->
                MigrationRunner.builder(catalog)
                    .namespace("sales")
                    .source(SalesMigrations.all())
                    .metaNamespace(null)
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot build migration runner for sales: the meta-namespace is empty");
  }

  @Test
  void builderRejectsSettingsThatCannotWork() {
    MigrationRunner.Builder builder = MigrationRunner.builder(catalog);
    assertThatThrownBy(() -> builder.timeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot set timeout: must be positive, got PT0S");
    assertThatThrownBy(() -> builder.leaseDuration(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot set lease duration: must be positive, got PT-1S");
    assertThatThrownBy(() -> builder.leaseWait(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot wait for a lease: negative wait PT-0.001S");
    assertThatThrownBy(() -> builder.timeout(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> builder.leaseWait(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> builder.clock(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> builder.factory(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> builder.onEvent(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> MigrationRunner.builder(null))
        .isInstanceOf(NullPointerException.class);

    MigrationSource source = SalesMigrations.all();
    MigrationRunner runner =
        builder
            .namespace("sales")
            .source(source)
            .timeout(Duration.ofMillis(1))
            .leaseDuration(Duration.ofMillis(1))
            .leaseWait(Duration.ZERO)
            .build();
    assertThat(runner.namespace()).isEqualTo("sales");
    assertThat(runner.catalog()).isSameAs(catalog);
    assertThat(runner.source()).isSameAs(source);
    assertThat(runner.historyTable().tableIdentifier())
        .hasToString("_iceberg_ops.migration_history");
  }
}
