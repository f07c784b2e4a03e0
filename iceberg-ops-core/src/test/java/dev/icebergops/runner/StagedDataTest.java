package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.StagedData;
import dev.icebergops.runner.StagedPayments.V0001__CreatePayments;
import dev.icebergops.runner.StagedPayments.V0002__BackfillCents;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
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
}
