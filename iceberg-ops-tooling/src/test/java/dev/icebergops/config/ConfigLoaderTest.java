package dev.icebergops.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.icebergops.redaction.Redaction;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

  @TempDir Path dir;

  private Path write(String yaml) throws IOException {
    return Files.writeString(dir.resolve("iceberg-ops.yaml"), yaml);
  }

  /** A config of 10 MB (a valid file: one namespace and a long comment) and a device. */
  @Test
  void aConfigOverOneMebibyteIsRefusedNamingTheFileAsAContractIs() throws IOException {
    Path big = write("namespace: sales\n" + ("# padding\n").repeat(1_000_000));
    assertThat(Files.size(big)).isGreaterThan(10_000_000L);

    for (Path file : List.of(big, Path.of("/dev/zero"))) {
      assertThatThrownBy(() -> new ConfigLoader(Map.of(), new Redaction()).load(file))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "Cannot read config "
                  + file
                  + ": the file is larger than 1048576 bytes (1 MiB), the limit for a config"
                  + " file");
    }
  }

  @Test
  void defaultsApplyAndNoPropertiesMeansTheEmbeddedCatalog() throws IOException {
    IcebergOpsConfig config =
        new ConfigLoader(Map.of(), new Redaction()).load(write("namespace: sales\n"));

    assertThat(config.embedded()).isTrue();
    assertThat(config.catalogName()).isEqualTo("local");
    assertThat(config.migrations()).isEqualTo("filesystem:migrations");
    assertThat(config.contractsDir()).isEqualTo(dir.resolve("contracts"));
    assertThat(config.metaNamespace()).isEqualTo("_iceberg_ops");
    assertThat(config.failOnSkippedMigrations()).isFalse();
  }

  @Test
  void failOnSkippedMigrationsIsTrueOrFalseFromTheFileOrTheEnvironment() throws IOException {
    Path file = write("namespace: sales\nfail-on-skipped-migrations: true\n");
    Map<String, String> off = Map.of("ICEBERG_OPS_FAIL_ON_SKIPPED_MIGRATIONS", "false");

    assertThat(new ConfigLoader(Map.of(), new Redaction()).load(file).failOnSkippedMigrations())
        .isTrue();
    assertThat(new ConfigLoader(off, new Redaction()).load(file).failOnSkippedMigrations())
        .isFalse();
    Path sometimes = write("namespace: sales\nfail-on-skipped-migrations: sometimes\n");
    assertThatThrownBy(() -> new ConfigLoader(Map.of(), new Redaction()).load(sometimes))
        .hasMessage(
            "Cannot read config iceberg-ops.yaml: fail-on-skipped-migrations at line 2, column 1"
                + " must be true or false, got 'sometimes'");
  }

  @Test
  void environmentOverridesTheFileAndSetsCatalogPropertiesPyIcebergStyle() throws IOException {
    Map<String, String> env =
        Map.of(
            "ICEBERG_OPS_NAMESPACE", "prod_sales",
            "ICEBERG_OPS_META_NAMESPACE", "ops",
            "ICEBERG_OPS_CATALOG_NAME", "prod",
            "ICEBERG_OPS_CATALOG__URI", "http://127.0.0.1:8181",
            "ICEBERG_OPS_CATALOG__S3__ACCESS_KEY_ID", "AKIAEXAMPLE");
    IcebergOpsConfig config =
        new ConfigLoader(env, new Redaction())
            .load(write("namespace: sales\ncatalog:\n  properties:\n    type: rest\n"));

    assertThat(config.namespace()).isEqualTo("prod_sales");
    assertThat(config.metaNamespace()).isEqualTo("ops");
    assertThat(config.catalogName()).isEqualTo("prod");
    assertThat(config.catalogProperties())
        .containsOnly(
            entry("type", "rest"),
            entry("uri", "http://127.0.0.1:8181"),
            entry("s3.access-key-id", "AKIAEXAMPLE"));
  }

  @Test
  void environmentReferencesAreResolvedAndTheirValuesRedacted() throws IOException {
    Redaction redactor = new Redaction();
    IcebergOpsConfig config =
        new ConfigLoader(Map.of("CATALOG_TOKEN", "t0ken-value", "WH", "analytics"), redactor)
            .load(
                write(
                    """
                    namespace: sales
                    catalog:
                      properties:
                        type: rest
                        warehouse: ${env:WH}
                        header.X-Client: cli-${env:CATALOG_TOKEN}
                        s3.secret-access-key: plain-secret
                    """));

    assertThat(config.catalogProperties())
        .contains(entry("warehouse", "analytics"), entry("header.X-Client", "cli-t0ken-value"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = redactor.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    out.println("uri t0ken-value and plain-secret, warehouse analytics");
    out.print("no newline t0ken-value");
    out.flush();
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo("uri **** and ****, warehouse ****\nno newline ****");
  }

  @Test
  void settingsLaidOverTheFileReplaceItsValuesAndMergeCatalogPropertiesByKey() throws IOException {
    Path file =
        write(
            """
            namespace: sales
            migrations: filesystem:migrations
            catalog:
              name: prod
              properties:
                type: rest
                uri: http://127.0.0.1:8181
            """);
    Map<String, Object> catalog = new LinkedHashMap<>();
    catalog.put("name", null);
    catalog.put("properties", Map.of("uri", "http://127.0.0.1:9191", "warehouse", "analytics"));
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("catalog", catalog);
    settings.put("namespace", "sales_ci");
    settings.put("migrations", null);

    IcebergOpsConfig config = new ConfigLoader(Map.of(), new Redaction()).load(file, settings);

    assertThat(config.namespace()).isEqualTo("sales_ci");
    assertThat(config.migrations()).isEqualTo("filesystem:migrations");
    assertThat(config.catalogName()).isEqualTo("prod");
    assertThat(config.catalogProperties())
        .containsOnly(
            entry("type", "rest"),
            entry("uri", "http://127.0.0.1:9191"),
            entry("warehouse", "analytics"));
  }

  @Test
  void settingsAloneNeedNoFileAndStillRequireANamespace() {
    Path missing = dir.resolve("iceberg-ops.yaml");
    ConfigLoader loader = new ConfigLoader(Map.of(), new Redaction());

    IcebergOpsConfig config =
        loader.load(missing, Map.of("namespace", "shop", "migrations", "classpath:com.acme"));
    assertThat(config.embedded()).isTrue();
    assertThat(config.baseDir()).isEqualTo(dir);
    assertThat(config.source(getClass().getClassLoader(), List.of()).location())
        .isEqualTo("classpath:com/acme"); // a package is its resource path

    assertThatThrownBy(() -> loader.load(missing, Map.of("migrations", "classpath:com.acme")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot read config the plugin configuration: namespace is not set (set it in the file"
                + " or in ICEBERG_OPS_NAMESPACE)");
  }
}
