package dev.icebergops.spark;

import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * One forked test environment and one local Spark session ({@code local[2]}) on it for the whole
 * test JVM: the session's catalog {@code iceberg} has the environment's catalog properties, as a
 * user's session on a cluster has their catalog's.
 */
final class LocalSpark {
  static final String CATALOG = "iceberg";

  private static ForkedEnvironment environment;
  private static SparkSession session;

  private LocalSpark() {}

  /** The started environment, with the session already built on it. */
  static synchronized ForkedEnvironment environment() {
    if (environment == null) {
      ForkedEnvironment started = new ForkedEnvironment();
      started.start();
      session = session(started.catalogProperties());
      environment = started;
    }
    return environment;
  }

  /** The session on {@link #environment()}. */
  static synchronized SparkSession session() {
    environment();
    return session;
  }

  // tag::spark-local-session[]
  private static SparkSession session(Map<String, String> catalogProperties) {
    SparkSession.Builder builder =
        SparkSession.builder()
            .appName("iceberg-ops-spark-tests")
            .master("local[2]")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .config(
                "spark.sql.extensions",
                "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
            .config("spark.sql.catalog." + CATALOG, "org.apache.iceberg.spark.SparkCatalog")
            .config("spark.sql.defaultCatalog", CATALOG);
    catalogProperties.forEach(
        (key, value) -> builder.config("spark.sql.catalog." + CATALOG + "." + key, value));
    return builder.getOrCreate();
  }
  // end::spark-local-session[]
}
