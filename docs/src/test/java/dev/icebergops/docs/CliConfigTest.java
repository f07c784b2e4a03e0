package dev.icebergops.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliForDocs;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The iceberg-ops.yaml of docs/cli.md, read by the CLI's own config loader. */
class CliConfigTest {

  static final Path CONFIG =
      GuideCodeBlocksTest.DOCS.resolve("src/test/resources/cli/iceberg-ops.yaml");

  @Test
  void theConfigReadsAsThePageSays() {
    Map<String, Object> config =
        CliForDocs.loadConfig(
            CONFIG,
            Map.of(
                "CATALOG_CREDENTIAL", "client:s3cr3t",
                "ICEBERG_OPS_CATALOG__S3__ACCESS_KEY_ID", "AKIAEXAMPLE"));

    assertThat(config)
        .containsEntry("namespace", "sales")
        .containsEntry("migrations", "filesystem:migrations")
        .containsEntry("contracts", "contracts")
        .containsEntry("meta-namespace", "_iceberg_ops")
        .containsEntry("catalog.name", "prod");
    assertThat(config.get("catalog.properties"))
        .isEqualTo(
            Map.of(
                "type", "rest",
                "uri", "https://catalog.example.com/api/catalog",
                "warehouse", "analytics",
                "credential", "client:s3cr3t",
                "s3.access-key-id", "AKIAEXAMPLE"));
  }

  @Test
  void theEnvironmentOverridesTheFile() {
    Map<String, Object> config =
        CliForDocs.loadConfig(
            CONFIG, Map.of("CATALOG_CREDENTIAL", "x", "ICEBERG_OPS_NAMESPACE", "sales_eu"));

    assertThat(config).containsEntry("namespace", "sales_eu");
  }
}
