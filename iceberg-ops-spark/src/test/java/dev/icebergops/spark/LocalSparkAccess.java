package dev.icebergops.spark;

import dev.icebergops.test.env.IcebergTestEnvironment;
import org.apache.spark.sql.SparkSession;

/** {@link LocalSpark} for the tests of other packages. */
public final class LocalSparkAccess {
  private LocalSparkAccess() {}

  public static SparkSession session() {
    return LocalSpark.session();
  }

  public static IcebergTestEnvironment environment() {
    return LocalSpark.environment();
  }
}
