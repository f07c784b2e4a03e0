package dev.icebergops.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's Spark settings name exactly the catalog properties an environment hands out, with
 * its values wherever they do not change from run to run.
 */
class SparkSettingsTest {

  static final String PREFIX = "spark.sql.catalog.iceberg.";

  static IcebergTestEnvironment env;

  @BeforeAll
  static void start() {
    env = EmbeddedEnvironment.create();
    env.start();
  }

  @AfterAll
  static void stop() {
    env.close();
  }

  @Test
  void theSparkSettingsAreTheEnvironmentsCatalogProperties() throws IOException {
    Properties spark = new Properties();
    try (InputStream in = getClass().getResourceAsStream("/spark/spark-defaults.conf")) {
      spark.load(in);
    }
    Map<String, String> documented = new TreeMap<>();
    spark.stringPropertyNames().stream()
        .filter(key -> key.startsWith(PREFIX))
        .forEach(key -> documented.put(key.substring(PREFIX.length()), spark.getProperty(key)));
    Map<String, String> actual = new TreeMap<>(env.catalogProperties());

    assertThat(documented.keySet()).isEqualTo(actual.keySet());
    documented.forEach(
        (key, value) -> {
          if (!value.startsWith("<")) {
            assertThat(value).as(key).isEqualTo(actual.get(key));
          }
        });
    assertThat(spark.getProperty("spark.sql.catalog.iceberg"))
        .isEqualTo("org.apache.iceberg.spark.SparkCatalog");
  }
}
