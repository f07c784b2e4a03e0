// tag::spark-backfill-test[]
package dev.icebergops.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.IcebergMigrationsExtension;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The standard suite on a migration whose backfill runs in Spark, in this JVM's local session: the
 * runner, the migrations, the session and the toolkit share one JVM and one Iceberg (the
 * runtime's).
 */
class OrderRefBackfillTest implements MigrationSuite {

  @RegisterExtension
  static final IcebergMigrationsExtension MIGRATIONS =
      IcebergMigrationsExtension.builder()
          .locations("classpath:dev/icebergops/spark/fixtures/orders")
          .environment(LocalSpark.environment())
          .backfill(
              "0002",
              "orders",
              "order_ref",
              "the archived int as text",
              row -> {
                Object legacy = row.get("order_ref__legacy_1");
                return legacy == null ? null : String.valueOf(legacy);
              })
          .build();

  @Test
  @MigrateTo("0001")
  void sparkFillsTheRetypedColumnAndCopiesTheTableAndTheRollbackBringsTheIntsBack(
      MigrationRunner runner, IcebergTestData data) {
    data.append("orders", Map.of("id", 1L, "order_ref", 42), Map.of("id", 2L, "order_ref", -7));

    runner.migrate();

    assertThat(data.rows("orders"))
        .extracting("id", "order_ref", "order_ref__legacy_1")
        .containsExactlyInAnyOrder(tuple(1L, "42", 42), tuple(2L, "-7", -7));
    assertThat(data.rows("orders_archive"))
        .as("0003's copy, by Spark")
        .extracting("id", "order_ref")
        .containsExactlyInAnyOrder(tuple(1L, "42"), tuple(2L, "-7"));
    Snapshot backfill = runner.catalog().loadTable(ordersOf(runner)).currentSnapshot();
    assertThat(backfill.summary())
        .as("the backfill's commit is Spark's")
        .containsEntry("spark.app.id", LocalSpark.session().sparkContext().applicationId());

    runner.rollbackTo("0001");

    assertThat(data.rows("orders"))
        .extracting("id", "order_ref")
        .containsExactlyInAnyOrder(tuple(1L, 42), tuple(2L, -7));
  }

  @Test
  @MigrateTo("0002")
  void theSessionReadsWhatTheRunnerMigrated(MigrationRunner runner, IcebergTestData data) {
    data.append("orders", Map.of("id", 3L, "order_ref", "A-17"));
    SparkSession spark = LocalSpark.session();

    List<Row> rows =
        spark
            .sql("SELECT id, order_ref FROM " + LocalSpark.CATALOG + "." + ordersOf(runner))
            .collectAsList();

    assertThat(rows)
        .extracting(row -> row.getLong(0), row -> row.getString(1))
        .containsExactly(tuple(3L, "A-17"));
  }

  private static TableIdentifier ordersOf(MigrationRunner runner) {
    return TableIdentifier.parse(runner.namespace() + ".orders");
  }
}
// end::spark-backfill-test[]
