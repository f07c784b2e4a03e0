package dev.icebergops.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.StagedData;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.spark.fixtures.staged.V0001__CreatePayments;
import dev.icebergops.spark.fixtures.staged.V0002__AddAmountInCents;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A backfill in Spark SQL staged on a branch by the runner: Spark writes on the branch the step
 * made (through its own catalog, which had the table cached from before), main stays what readers
 * see until the audited branch is published in one commit, and a failed audit keeps the branch.
 */
class StagedSparkBackfillTest {

  /** What a second client read of main while the step's audits ran: its snapshot ids. */
  static final List<Long> MAIN_SEEN = new CopyOnWriteArrayList<>();

  static final RESTCatalog WATCHER = LocalSpark.environment().newCatalogClient("watcher");

  private final String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private final String namespace = "spark_staged_" + id;
  private final RESTCatalog reader = LocalSpark.environment().newCatalogClient("reader");
  private MigrationRunner runner;

  @BeforeEach
  void createAndFillPayments() {
    MAIN_SEEN.clear();
    runner =
        MigrationRunner.builder(LocalSpark.environment().catalog())
            .namespace(namespace)
            .metaNamespace("_ops_" + id)
            .source(MigrationSource.of(V0001__CreatePayments.class, V0002__Watched.class))
            .build();
    runner.migrate("0001");
  }

  @Test
  void anAuditedBackfillIsPublishedOntoMainInOneCommitAndMainIsUntouchedUntilThen() {
    insert("(1, 12.34)", "(2, 0.05)");
    // Spark reads and caches the table before the step makes its branch
    assertThat(payments("SELECT count(*) FROM %s").first().getLong(0)).isEqualTo(2L);
    Table before = table();
    long staged = before.currentSnapshot().snapshotId();
    int mainCommits = log(before);

    runner.migrate();

    Table after = table();
    Snapshot published = after.currentSnapshot();
    assertThat(MAIN_SEEN)
        .as("main, read by a second client during the audits")
        .containsOnly(staged);
    assertThat(log(after)).as("main's snapshot log: the publish only").isEqualTo(mainCommits + 1);
    assertThat(published.parentId()).isEqualTo(staged);
    assertThat(published.summary())
        .as("the published commit is Spark's UPDATE on the branch")
        .containsEntry("spark.app.id", LocalSpark.session().sparkContext().applicationId());
    assertThat(after.refs()).as("the branch and its tag, removed").containsOnlyKeys("main");
    LocalSpark.session().catalog().refreshTable(sparkName()); // Spark's copy is from before
    assertThat(payments("SELECT id, amount_cents FROM %s").collectAsList())
        .extracting(row -> row.getLong(0), row -> row.getLong(1))
        .containsExactlyInAnyOrder(tuple(1L, 1234L), tuple(2L, 5L));
  }

  @Test
  void aFailedAuditLeavesMainAsItWasAndKeepsTheBranchNamed() {
    insert("(1, 12.34)", "(2, NULL)"); // a payment without amount gets no cents
    long staged = table().currentSnapshot().snapshotId();
    String branch = "stage_" + namespace + "_0002_payments";

    assertThatThrownBy(() -> runner.migrate())
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining(
            "Cannot publish staged data of "
                + namespace
                + ".payments: audit \"no null in amount_cents\" failed on branch "
                + branch);

    Table after = table();
    assertThat(after.currentSnapshot().snapshotId()).isEqualTo(staged);
    assertThat(after.refs()).containsKey(branch);
    assertThat(after.snapshot(branch).summary())
        .as("Spark's write, kept on the branch for inspection")
        .containsEntry("spark.app.id", LocalSpark.session().sparkContext().applicationId());
  }

  @Test
  void insertAndMergeOnTheBranchNameCommitToTheBranchUntilThePublish() {
    insert("(1, 12.34)");
    long staged = table().currentSnapshot().snapshotId();
    MigrationContext ctx = MigrationContexts.of(LocalSpark.environment().catalog(), namespace);
    SparkMigrationContext spark = SparkMigrationContext.of(ctx, LocalSpark.session());

    ctx.stageData(
        "payments",
        StagedData.write(
                branch -> {
                  String name = spark.branch(branch);
                  spark.sql("INSERT INTO " + name + " VALUES (2, 0.05)");
                  spark.sql(
                      "MERGE INTO "
                          + name
                          + " t USING (SELECT 1 AS id) s ON t.id = s.id"
                          + " WHEN MATCHED THEN UPDATE SET amount = 99.99");
                  MAIN_SEEN.add(table().currentSnapshot().snapshotId());
                })
            .audit("two rows", branch -> branch.rows().size() == 2));

    assertThat(MAIN_SEEN)
        .as("main, read by a second client after the writes")
        .containsExactly(staged);
    LocalSpark.session().catalog().refreshTable(sparkName());
    assertThat(payments("SELECT id, amount FROM %s").collectAsList())
        .extracting(row -> row.getLong(0), row -> row.getDecimal(1).toPlainString())
        .containsExactlyInAnyOrder(tuple(1L, "99.99"), tuple(2L, "0.05"));
    assertThat(table().refs()).containsOnlyKeys("main");
  }

  private void insert(String... rows) {
    LocalSpark.session()
        .sql("INSERT INTO " + sparkName() + " VALUES " + String.join(", ", rows))
        .collectAsList();
  }

  private Dataset<Row> payments(String query) {
    return LocalSpark.session().sql(String.format(query, sparkName()));
  }

  private String sparkName() {
    return LocalSpark.CATALOG + "." + namespace + ".payments";
  }

  private Table table() {
    return reader.loadTable(TableIdentifier.of(namespace, "payments"));
  }

  private static int log(Table table) {
    return ((HasTableOperations) table).operations().current().snapshotLog().size();
  }

  /** The fixture's backfill, with one more audit: what a second client reads of main meanwhile. */
  public static class V0002__Watched extends V0002__AddAmountInCents {
    @Override
    protected StagedData backfill(SparkMigrationContext spark) {
      return super.backfill(spark)
          .audit(
              "main is as it was",
              branch -> {
                String name = branch.table().name(); // <catalog>.<namespace>.payments
                TableIdentifier payments =
                    TableIdentifier.parse(name.substring(name.indexOf('.') + 1));
                MAIN_SEEN.add(WATCHER.loadTable(payments).currentSnapshot().snapshotId());
                return true;
              });
    }
  }
}
