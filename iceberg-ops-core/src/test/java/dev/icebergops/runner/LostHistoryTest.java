package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.TestWrites;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddA;
import dev.icebergops.runner.FailureFixtures.V0003__AddB;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.runner.ValidationFinding.Kind;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A lost history is not an empty history, on the real REST catalog + S3: a namespace whose tables
 * exist but whose history table or rows are gone is refused, a deleted row is reported as missing,
 * and a history table dropped during a run is never created again by the run.
 */
@ExtendWith(SharedEnvironment.class)
class LostHistoryTest {

  /** The history table that {@link V0002__AddAThenDropHistory} drops, by namespace. */
  private static final Map<String, TableIdentifier> DROPPED = new ConcurrentHashMap<>();

  private OwnHistory own;
  private Catalog catalog;
  private String namespace;
  private TableIdentifier historyTable;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "lost");
    catalog = own.catalog();
    namespace = own.namespace();
    historyTable = own.historyTable();
  }

  @SafeVarargs
  private MigrationRunner runner(Class<? extends Migration>... types) {
    return own.runner(types);
  }

  private MigrationRunner appliedUpTo0002() {
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddA.class);
    runner.migrate();
    assertThat(FailureFixtures.upgrades(namespace, "0001")).isEqualTo(1);
    return runner;
  }

  private void assertRefusedAsTablesWithoutHistory(MigrationRunner runner) {
    assertThat(runner.status())
        .extracting(MigrationStatus::state)
        .containsExactly(State.PENDING, State.PENDING);
    assertThat(runner.status().get(0).error())
        .startsWith("not in history although " + namespace + " has tables (t) but no history in");
    OwnHistory.assertOnlyFinding(runner, null, Kind.TABLES_WITHOUT_HISTORY);

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "Cannot migrate "
                + namespace
                + ": it has tables (t) but no history in "
                + historyTable
                + "; if they were made by these migrations, stamp the version they are at"
                + " (stamp(\"<version>\"))");
    assertThat(FailureFixtures.upgrades(namespace, "0001")).isEqualTo(1);
    assertThat(FailureFixtures.upgrades(namespace, "0002")).isEqualTo(1);
  }

  @Test
  void migrateRefusesTablesWhoseHistoryTableWasDroppedBetweenRuns() {
    MigrationRunner runner = appliedUpTo0002();
    catalog.dropTable(historyTable, false);

    assertRefusedAsTablesWithoutHistory(runner);
    assertThat(catalog.tableExists(historyTable))
        .as("the refused migrate created no history table")
        .isFalse();

    // the way forward: stamp the version the tables are at
    assertThat(runner.stamp("0002").versions()).containsExactly("0001", "0002");
    assertThat(runner.migrate().versions()).isEmpty();
    runner.validate();
  }

  @Test
  void migrateRefusesTablesWhoseHistoryRowsWereDeleted() {
    MigrationRunner runner = appliedUpTo0002();
    HistoryEdits.deleteRows(catalog, historyTable, namespace, null);
    assertThat(runner.history()).isEmpty();

    assertRefusedAsTablesWithoutHistory(runner);
  }

  @Test
  void aNamespaceHoldingOnlyTheHistoryTableIsAFreshStart() {
    own = own.withMeta(namespace); // the history table lives in the migrated namespace itself
    historyTable = own.historyTable();
    TestWrites.record(
        new MigrationHistory(catalog, own.meta()),
        new HistoryRecord(
            "0001", "another_ns", "create t", Status.APPLIED, null, "c", Instant.now(), 1L),
        null);
    assertThat(catalog.listTables(historyTable.namespace())).containsExactly(historyTable);

    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddA.class);
    runner.validate();
    assertThat(runner.status()).extracting(MigrationStatus::error).containsOnlyNulls();

    assertThat(runner.migrate().versions()).containsExactly("0001", "0002");
  }

  @Test
  void aDeletedRowIsMissingFromHistoryAndNotAppliedAgain() {
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class);
    runner.migrate();
    HistoryEdits.deleteRows(catalog, historyTable, namespace, "0002");

    assertThat(runner.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .containsExactly(
            tuple("0001", State.APPLIED),
            tuple("0002", State.MISSING_FROM_HISTORY),
            tuple("0003", State.APPLIED));
    assertThat(runner.status().get(1).error())
        .contains("its row is missing from history")
        .contains("stamp(\"0002\")");
    assertThat(runner.plan()).isEmpty();
    OwnHistory.assertOnlyFinding(runner, "0002", Kind.MISSING_FROM_HISTORY);

    MigrationRunner outOfOrder =
        runner.toBuilder().outOfOrder(true).validateOnMigrate(false).build();
    assertThat(outOfOrder.migrate().versions()).isEmpty();
    assertThat(FailureFixtures.upgrades(namespace, "0002")).isEqualTo(1);

    assertThat(runner.stamp("0002").versions()).containsExactly("0002");
    runner.validate();
  }

  @Test
  void aNewVersionBelowTheAppliedOnesIsStillOutOfOrderNotMissing() {
    runner(V0001__CreateT.class, V0003__AddB.class).migrate();

    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddA.class, V0003__AddB.class);

    assertThat(runner.status())
        .extracting(MigrationStatus::state)
        .containsExactly(State.APPLIED, State.PENDING, State.APPLIED);
    assertThatThrownBy(runner::validate)
        .isInstanceOfSatisfying(
            MigrationValidationException.class,
            e ->
                assertThat(e.findings())
                    .extracting(ValidationFinding::kind)
                    .containsExactly(Kind.OUT_OF_ORDER));
    assertThat(runner.toBuilder().outOfOrder(true).build().migrate().versions())
        .containsExactly("0002");
  }

  @Test
  void aHistoryTableDroppedDuringARunRefusesTheNextVersionAndIsNotCreatedAgain() {
    DROPPED.put(namespace, historyTable);
    MigrationRunner runner =
        runner(V0001__CreateT.class, V0002__AddAThenDropHistory.class, V0003__AddB.class);

    // on a REST catalog 0003's step is held back to land with its row: with the table gone,
    // nothing of 0003 is committed
    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "Cannot apply migration 0003 (Add b) to " + namespace + ": its commit was refused: ")
        .hasMessageContaining(
            "the history table " + historyTable + " no longer exists (dropped during this run)")
        .hasMessageEndingWith("; nothing of it was committed");

    assertThat(catalog.tableExists(historyTable)).isFalse();
    assertThat(catalog.loadTable(TableIdentifier.of(namespace, "t")).schema().findField("b"))
        .as("0003's step, not committed without its row")
        .isNull();
  }

  @Test
  void aHistoryTableDroppedBeforeTheLeaseIsReleasedFailsTheReleaseNamingIt() {
    DROPPED.put(namespace, historyTable);
    MigrationRunner runner = runner(V0001__CreateT.class, V0002__AddAThenDropHistory.class);

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessage(
            "Cannot release the run lease of "
                + namespace
                + ": the history table "
                + historyTable
                + " no longer exists (dropped during this run); it is not created again, since"
                + " it would hold only this run's rows; restore it (register its last metadata"
                + " file again), or stamp the version the tables are at");

    assertThat(catalog.tableExists(historyTable))
        .as("neither the release nor the lease's heartbeat created the table again")
        .isFalse();
    assertThat(runner.history()).isEmpty();
  }

  /** Adds column a; its post-hook drops the history table, while the run still holds its lease. */
  public static class V0002__AddAThenDropHistory extends V0002__AddA {
    @Override
    public String version() {
      return "0002";
    }

    @Override
    public void postUpgrade(MigrationContext ctx) {
      ctx.catalog().dropTable(DROPPED.get(ctx.namespace()), false);
    }
  }
}
