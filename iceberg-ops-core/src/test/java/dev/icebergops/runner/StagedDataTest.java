package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.migration.StagedData;
import dev.icebergops.migration.internal.StagedBranches;
import dev.icebergops.runner.StagedPayments.V0001__CreatePayments;
import dev.icebergops.runner.StagedPayments.V0002__BackfillCents;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A data step staged on a branch on the real REST catalog + S3, in Parquet: written and audited
 * there while readers of main see the table as it was, then published onto main in one commit; or,
 * when an audit fails, main untouched and the branch kept and named.
 */
@ExtendWith(SharedEnvironment.class)
class StagedDataTest {

  private static final Map<Long, String> NO_CENTS = Map.of(1L, "null", 2L, "null", 3L, "null");
  private static final Map<Long, String> CENTS = Map.of(1L, "1000", 2L, "2000", 3L, "3000");

  private IcebergTestEnvironment environment;
  private OwnHistory own;
  private TableIdentifier payments;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    own = OwnHistory.create(environment, "staged");
    own.runner(V0001__CreatePayments.class).migrate();
    payments = TableIdentifier.of(own.namespace(), "payments");
    StagedPayments.append(own.catalog().loadTable(payments), 1, 10, 2, 20, 3, 30);
  }

  private String branch() {
    return "stage_" + own.namespace() + "_0002_payments";
  }

  private MigrationRunner runner() {
    return own.runner(V0001__CreatePayments.class, V0002__BackfillCents.class);
  }

  private HistoryRecord row(String version) {
    return runner().history().stream()
        .filter(row -> row.version().equals(version))
        .reduce((first, second) -> second)
        .orElseThrow();
  }

  /** Main's snapshot and rows, as a second client of the catalog reads them. */
  private String readerSees(RESTCatalog reader) {
    Table table = reader.loadTable(payments);
    return table.currentSnapshot().snapshotId() + " " + StagedPayments.cents(table);
  }

  @Test
  void aStagedBackfillWhoseAuditsPassIsPublishedInOneCommitAndReadersSeeMainUntilThen() {
    Table table = own.catalog().loadTable(payments);
    long before = table.currentSnapshot().snapshotId();
    int logBefore = table.history().size();
    RESTCatalog reader = environment.newCatalogClient("staged-reader");
    List<String> seen = new CopyOnWriteArrayList<>();
    StagedPayments.STEPS.put(
        own.namespace(),
        ctx ->
            StagedData.write(
                    branch -> {
                      StagedPayments.backfill(branch);
                      seen.add("write: " + readerSees(reader));
                    })
                .auditRowCountKept()
                .auditNoNulls("amount_cents")
                .auditSumKept("amount_eur")
                .audit(
                    "main unchanged for readers",
                    branch -> seen.add("audit: " + readerSees(reader))));

    runner().migrate();

    String old = before + " " + new java.util.TreeMap<>(NO_CENTS);
    assertThat(seen).containsExactly("write: " + old, "audit: " + old);
    table.refresh();
    assertThat(table.history()).as("main's snapshot log").hasSize(logBefore + 1);
    assertThat(table.currentSnapshot().parentId()).isEqualTo(before);
    assertThat(StagedPayments.cents(table)).isEqualTo(CENTS);
    assertThat(table.refs()).as("the branch and its tag are removed").containsOnlyKeys("main");
    String on = own.namespace() + ".payments on branch " + branch();
    assertThat(row("0002").status()).isEqualTo(HistoryRecord.Status.APPLIED);
    assertThat(row("0002").steps())
        .containsExactly(
            "enforce column " + own.namespace() + ".payments.amount_cents as long",
            "stage data of " + on,
            "write staged data of " + on,
            "audit staged data of " + on,
            "publish staged data of " + own.namespace() + ".payments from branch " + branch());
  }

  @Test
  void theWriteReadsMainsRowsWithTheColumnTheVersionAddedAndFillsIt() {
    StagedPayments.STEPS.put(
        own.namespace(),
        ctx ->
            StagedData.write(
                    branch -> {
                      List<Record> filled = new ArrayList<>();
                      for (Record row : branch.mainRows()) {
                        Record copy = row.copy();
                        copy.setField("amount_cents", 100 * (Long) row.getField("amount_eur"));
                        filled.add(copy);
                      }
                      branch
                          .table()
                          .newOverwrite()
                          .overwriteByRowFilter(Expressions.alwaysTrue())
                          .addFile(StagedPayments.write(branch.table(), filled))
                          .toBranch(branch.name())
                          .commit();
                    })
                .auditNoNulls("amount_cents"));

    runner().migrate();

    assertThat(StagedPayments.cents(own.catalog().loadTable(payments))).isEqualTo(CENTS);
  }

  @Test
  void aNewTableWithNoSnapshotIsStagedAndThePublishCreatesItsMain() {
    TableIdentifier refunds = TableIdentifier.of(own.namespace(), "refunds");
    RESTCatalog reader = environment.newCatalogClient("staged-reader");
    List<String> seen = new CopyOnWriteArrayList<>();
    StagedPayments.STEPS.put(
        own.namespace(),
        ctx -> {
          ctx.createTableIfNotExists("refunds", StagedPayments.PAYMENTS);
          ctx.stageData(
              "refunds",
              StagedData.write(
                      branch -> {
                        Record row = GenericRecord.create(branch.table().schema());
                        row.setField("id", 7L);
                        row.setField("amount_eur", 70L);
                        branch
                            .table()
                            .newAppend()
                            .appendFile(StagedPayments.write(branch.table(), List.of(row)))
                            .toBranch(branch.name())
                            .commit();
                      })
                  .audit(
                      "readers see no snapshot yet",
                      branch -> seen.add("main: " + reader.loadTable(refunds).currentSnapshot()))
                  .audit("one row", branch -> branch.rows().size() == 1));
          return StagedData.write(StagedPayments::backfill);
        });

    runner().migrate();

    Table table = own.catalog().loadTable(refunds);
    assertThat(seen).containsExactly("main: null");
    assertThat(StagedPayments.cents(table)).isEqualTo(Map.of(7L, "null"));
    assertThat(table.refs()).as("the branch and its tag are removed").containsOnlyKeys("main");
    assertThat(row("0002").status()).isEqualTo(HistoryRecord.Status.APPLIED);
    assertThat(row("0002").steps())
        .contains(
            "publish staged data of "
                + own.namespace()
                + ".refunds from branch stage_"
                + own.namespace()
                + "_0002_refunds");
  }

  @Test
  void aStagedBackfillWhoseAuditFailsLeavesMainUntouchedAndKeepsTheBranchNamed() {
    Table table = own.catalog().loadTable(payments);
    long before = table.currentSnapshot().snapshotId();
    StagedPayments.STEPS.put(
        own.namespace(),
        ctx ->
            StagedData.write(branch -> StagedPayments.backfill(branch, 10))
                .auditRowCountKept()
                .audit(
                    "cents are euros times 100",
                    branch ->
                        branch.rows().stream()
                            .allMatch(
                                row ->
                                    (Long) row.getField("amount_cents")
                                        == 100 * (Long) row.getField("amount_eur"))));

    String failure =
        "Cannot publish staged data of "
            + own.namespace()
            + ".payments: audit \"cents are euros times 100\" failed on branch "
            + branch()
            + ": it returned false; main is untouched, the branch is kept for inspection";
    assertThatThrownBy(runner()::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining(
            "upgrade step 'audit staged data of "
                + own.namespace()
                + ".payments on branch "
                + branch()
                + "' failed")
        .hasMessageContaining(failure);

    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).as("main's snapshot").isEqualTo(before);
    assertThat(StagedPayments.cents(table)).isEqualTo(NO_CENTS);
    assertThat(table.refs()).containsOnlyKeys("main", branch());
    assertThat(StagedPayments.cents(table, table.refs().get(branch()).snapshotId()))
        .as("the branch kept for inspection")
        .isEqualTo(Map.of(1L, "100", 2L, "200", 3L, "300"));
    HistoryRecord failed = row("0002");
    assertThat(failed.status()).isEqualTo(HistoryRecord.Status.FAILED);
    assertThat(failed.error()).contains(failure);
    assertThat(failed.steps())
        .contains("stage data of " + own.namespace() + ".payments on branch " + branch());
  }

  @Test
  void mainMovedDuringStagingFailsNamingTheOtherWritersSnapshotAndPublishesNothing() {
    Table table = own.catalog().loadTable(payments);
    long before = table.currentSnapshot().snapshotId();
    RESTCatalog writer = environment.newCatalogClient("staged-writer");
    StagedPayments.STEPS.put(
        own.namespace(),
        ctx ->
            StagedData.write(
                    branch -> {
                      StagedPayments.append(writer.loadTable(payments), 4, 40);
                      StagedPayments.backfill(branch);
                    })
                .auditRowCountKept());

    Throwable thrown = catchThrowable(runner()::migrate);

    table.refresh();
    Snapshot other = table.currentSnapshot();
    assertThat(other.parentId()).as("main holds the other writer's append").isEqualTo(before);
    assertThat(thrown)
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining(
            "Cannot publish staged data of "
                + own.namespace()
                + ".payments: another writer committed snapshot "
                + other.snapshotId()
                + " (append) to main while branch "
                + branch()
                + " was staged from snapshot "
                + before
                + "; nothing of the step was published, the branch is kept for inspection");
    assertThat(StagedPayments.cents(table))
        .isEqualTo(Map.of(1L, "null", 2L, "null", 3L, "null", 4L, "null"));
    assertThat(table.refs())
        .as("the branch kept, with its audited tag")
        .containsOnlyKeys("main", branch(), StagedBranches.auditedTag(branch()));
    assertThat(runner().status())
        .filteredOn(status -> status.version().equals("0002"))
        .singleElement()
        .satisfies(
            status ->
                assertThat(status.note())
                    .startsWith(
                        "staged on branch "
                            + branch()
                            + " of "
                            + own.namespace()
                            + ".payments: audited, not published"));
    assertThat(row("0002").status()).isEqualTo(HistoryRecord.Status.FAILED);
  }

  @Test
  void mainMovedDuringStagingIsStagedAgainOnTheNewMainWhenToldAndTheOtherWritersRowsSurvive() {
    Table table = own.catalog().loadTable(payments);
    RESTCatalog writer = environment.newCatalogClient("staged-writer");
    AtomicInteger writes = new AtomicInteger();
    AtomicInteger audits = new AtomicInteger();
    AtomicLong other = new AtomicLong();
    StagedPayments.STEPS.put(
        own.namespace(),
        ctx ->
            StagedData.write(
                    branch -> {
                      if (writes.incrementAndGet() == 1) {
                        Table main = writer.loadTable(payments);
                        StagedPayments.append(main, 4, 40);
                        other.set(main.currentSnapshot().snapshotId());
                      }
                      StagedPayments.backfill(branch);
                    })
                .auditRowCountKept()
                .audit("counted", branch -> audits.incrementAndGet() > 0)
                .onMainMoved(StagedData.MainMoved.RESTAGE));

    runner().migrate();

    assertThat(writes).as("writes").hasValue(2);
    assertThat(audits).as("audits").hasValue(2);
    table.refresh();
    assertThat(table.currentSnapshot().parentId()).isEqualTo(other.get());
    assertThat(StagedPayments.cents(table))
        .isEqualTo(Map.of(1L, "1000", 2L, "2000", 3L, "3000", 4L, "4000"));
    assertThat(table.refs()).containsOnlyKeys("main");
    assertThat(row("0002").status()).isEqualTo(HistoryRecord.Status.APPLIED);
  }

  /** Table as an earlier run left it: amount_cents added, the backfill committed to the branch. */
  private Table stagedByAnEarlierRun() {
    Table table = own.catalog().loadTable(payments);
    table.updateSchema().addColumn("amount_cents", Types.LongType.get()).commit();
    table.manageSnapshots().createBranch(branch(), table.currentSnapshot().snapshotId()).commit();
    StagedPayments.backfillByHand(table, branch());
    table.refresh();
    return table;
  }

  @Test
  void aSecondRunThatFindsTheBranchPublishedRemovesItWithoutWritingAgain() {
    Table table = stagedByAnEarlierRun();
    long head = table.refs().get(branch()).snapshotId();
    table.manageSnapshots().createTag(StagedBranches.auditedTag(branch()), head).commit();
    StagedBranches.publish(table, branch());
    assertThat(StagedBranches.state(table, branch())).isEqualTo(StagedBranches.State.PUBLISHED);
    AtomicInteger writes = new AtomicInteger();
    StagedPayments.STEPS.put(
        own.namespace(), ctx -> StagedData.write(branch -> writes.incrementAndGet()));

    runner().migrate();

    assertThat(writes).as("writes").hasValue(0);
    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).isEqualTo(head);
    assertThat(StagedPayments.cents(table)).isEqualTo(CENTS);
    assertThat(table.refs()).containsOnlyKeys("main");
    assertThat(row("0002").status()).isEqualTo(HistoryRecord.Status.APPLIED);
  }

  @Test
  void aBranchAnEarlierRunLeftUnpublishedIsNotDroppedButNamedForRepair() {
    Table table = stagedByAnEarlierRun();
    long main = table.currentSnapshot().snapshotId();
    long head = table.refs().get(branch()).snapshotId();
    AtomicInteger writes = new AtomicInteger();
    StagedPayments.STEPS.put(
        own.namespace(), ctx -> StagedData.write(branch -> writes.incrementAndGet()));

    assertThatThrownBy(runner()::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining(
            "Cannot stage data of "
                + own.namespace()
                + ".payments: branch "
                + branch()
                + " was left unpublished by an earlier run; repair publishes or drops it");

    assertThat(writes).as("writes").hasValue(0);
    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).isEqualTo(main);
    assertThat(table.refs().get(branch()).snapshotId()).as("the branch, kept").isEqualTo(head);
  }

  @Test
  void thePreviewListsAStagedStepWithItsBranchAndAuditsAndDoesNotRunItsWrite() {
    long before = own.catalog().loadTable(payments).currentSnapshot().snapshotId();
    AtomicInteger writes = new AtomicInteger();
    StagedPayments.STEPS.put(
        own.namespace(),
        ctx ->
            StagedData.write(branch -> writes.incrementAndGet())
                .auditRowCountKept()
                .auditNoNulls("amount_cents"));

    VersionPreview version = runner().preview().versions().get(0);

    assertThat(version.version()).isEqualTo("0002");
    assertThat(version.outcome()).isEqualTo(VersionPreview.Outcome.PARTLY_PREVIEWED);
    assertThat(version.notPreviewed())
        .containsExactly(
            "stage data of "
                + own.namespace()
                + ".payments on branch "
                + branch()
                + ", audited by row count kept; no null in amount_cents, then published onto main:"
                + " data not previewed");
    assertThat(version.changes()).hasSize(1); // amount_cents added, before the staged step
    assertThat(writes).as("writes").hasValue(0);
    Table table = own.catalog().loadTable(payments);
    assertThat(table.currentSnapshot().snapshotId()).isEqualTo(before);
    assertThat(table.refs()).containsOnlyKeys("main");
  }

  @Test
  void onACatalogWithoutMultiTableCommitsTheStagedStepTakesTheSamePathCommitByCommit()
      throws Exception {
    try (InMemoryCatalog catalog = new InMemoryCatalog()) {
      catalog.initialize("memory", Map.of());
      OwnHistory memory = new OwnHistory(catalog, own.namespace(), own.meta());
      memory.runner(V0001__CreatePayments.class).migrate();
      Table table = catalog.loadTable(payments);
      StagedPayments.append(table, 1, 10, 2, 20, 3, 30);
      long before = table.currentSnapshot().snapshotId();
      List<String> branches = new CopyOnWriteArrayList<>();
      StagedPayments.STEPS.put(
          own.namespace(),
          ctx ->
              StagedData.write(
                      branch -> {
                        branches.add(branch.name());
                        StagedPayments.backfill(branch);
                      })
                  .auditRowCountKept()
                  .auditNoNulls("amount_cents"));

      memory.runner(V0001__CreatePayments.class, V0002__BackfillCents.class).migrate();

      assertThat(branches).containsExactly(branch());
      table.refresh();
      assertThat(table.currentSnapshot().parentId()).isEqualTo(before);
      assertThat(StagedPayments.cents(table)).isEqualTo(CENTS);
      assertThat(table.refs()).containsOnlyKeys("main");
    }
  }

  @Test
  void outsideARunAStagedStepIsPublishedTooOnABranchWithoutAVersion() {
    Table table = own.catalog().loadTable(payments);
    table.updateSchema().addColumn("amount_cents", Types.LongType.get()).commit();
    long before = table.currentSnapshot().snapshotId();
    List<String> branches = new CopyOnWriteArrayList<>();
    MigrationContext ctx = MigrationContexts.of(own.catalog(), own.namespace());

    ctx.stageData(
        "payments",
        StagedData.write(
                branch -> {
                  branches.add(branch.name());
                  StagedPayments.backfill(branch);
                })
            .auditRowCountKept());

    assertThat(branches).containsExactly("stage_" + own.namespace() + "_payments");
    table.refresh();
    assertThat(table.currentSnapshot().parentId()).isEqualTo(before);
    assertThat(StagedPayments.cents(table)).isEqualTo(CENTS);
    assertThat(table.refs()).containsOnlyKeys("main");
  }

  @Test
  void aStagedStepsCommitsAreFencedByTheRunLeaseLikeEveryOtherCommit() {
    Table table = own.catalog().loadTable(payments);
    long before = table.currentSnapshot().snapshotId();
    MigrationRunner runner = runner();
    StagedPayments.STEPS.put(
        own.namespace(),
        ctx ->
            StagedData.write(StagedPayments::backfill)
                .audit(
                    "the operator releases the lease",
                    branch -> runner.releaseLease().isPresent()));

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessageContaining(
            "upgrade step 'audit staged data of "
                + own.namespace()
                + ".payments on branch "
                + branch()
                + "' was refused")
        .hasMessageContaining("this run no longer holds the run lease");

    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).as("main's snapshot").isEqualTo(before);
    assertThat(StagedBranches.state(table, branch())).isEqualTo(StagedBranches.State.STAGED);
  }
}
