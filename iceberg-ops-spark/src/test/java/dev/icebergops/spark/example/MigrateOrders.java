// tag::spark-job[]
package dev.icebergops.spark.example;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.spark.SparkMigrationContext;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark application that migrates a namespace, on the cluster's session: {@code spark-submit
 * --class dev.icebergops.spark.example.MigrateOrders app.jar sales}.
 */
public final class MigrateOrders {

  public static void main(String[] args) {
    SparkSession spark = SparkSession.builder().appName("migrate-orders").getOrCreate();
    try {
      migrate(spark, args[0]);
    } finally {
      spark.stop();
    }
  }

  /** Migrates a namespace to head, from the driver, through the session's Iceberg catalog. */
  public static MigrationResult migrate(SparkSession spark, String namespace) {
    MigrationRunner runner =
        MigrationRunner.builder(SparkMigrationContext.icebergCatalog(spark))
            .namespace(namespace)
            .source(MigrationSource.classpath("dev/icebergops/spark/fixtures/orders"))
            .build();
    return runner.migrate();
  }
}
// end::spark-job[]
