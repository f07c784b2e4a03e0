package dev.icebergops.spark.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.spark.LocalSparkAccess;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** The application's migrate step, on a session configured the way spark-submit configures one. */
class MigrateOrdersTest {

  @Test
  void theApplicationMigratesWithTheSessionsCatalogAndItsSparkSteps() {
    SparkSession spark = LocalSparkAccess.session();
    RESTCatalog catalog = LocalSparkAccess.environment().catalog();
    String namespace = "job_" + UUID.randomUUID().toString().substring(0, 8);
    MigrationRunner.builder(catalog)
        .namespace(namespace)
        .source(MigrationSource.classpath("dev/icebergops/spark/fixtures/orders"))
        .build()
        .migrate("0001");
    spark.sql("INSERT INTO iceberg." + namespace + ".orders VALUES (1, 42, 'first')");

    assertThat(MigrateOrders.migrate(spark, namespace).versions()).containsExactly("0002", "0003");

    TableIdentifier orders = TableIdentifier.of(namespace, "orders");
    assertThat(catalog.loadTable(orders).schema().findField("order_ref").type())
        .isEqualTo(Types.StringType.get());
    assertThat(spark.sql("SELECT order_ref FROM iceberg." + namespace + ".orders").collectAsList())
        .extracting(row -> row.getString(0))
        .isEqualTo(List.of("42"));
    assertThat(
            spark
                .sql("SELECT id, order_ref FROM iceberg." + namespace + ".orders_archive")
                .collectAsList())
        .extracting(row -> row.getLong(0) + ":" + row.getString(1))
        .isEqualTo(List.of("1:42"));
    catalog.dropTable(orders, true);
    catalog.dropTable(TableIdentifier.of(namespace, "orders_archive"), true);
    ((SupportsNamespaces) catalog).dropNamespace(Namespace.of(namespace));
  }
}
