package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliRunner.Result;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workflow against a real REST catalog over HTTP with S3 storage (the embedded test
 * environment), with the S3 secret taken from the environment: it never appears in any output, not
 * even with --verbose.
 */
@ExtendWith(SharedEnvironment.class)
class RestCatalogEndToEndTest {

  private static IcebergTestEnvironment environment;

  @TempDir Path project;

  @BeforeAll
  static void start(IcebergTestEnvironment shared) {
    environment = shared;
  }

  @Test
  void migrateCheckRollbackAndStampOnRestCatalogWithoutLeakingSecrets() throws Exception {
    Map<String, String> props = environment.catalogProperties();
    String secret = props.get(S3FileIOProperties.SECRET_ACCESS_KEY);
    String accessKey = props.get(S3FileIOProperties.ACCESS_KEY_ID);
    StringBuilder yaml =
        new StringBuilder(
            """
            namespace: rest_e2e
            catalog:
              name: e2e
              properties:
            """);
    props.forEach(
        (key, value) -> {
          if (key.equals(S3FileIOProperties.SECRET_ACCESS_KEY)) {
            yaml.append("    ").append(key).append(": ${env:E2E_S3_SECRET}\n");
          } else if (!key.equals(S3FileIOProperties.ACCESS_KEY_ID)) {
            yaml.append("    ").append(key).append(": \"").append(value).append("\"\n");
          }
        });
    CliRunner cli =
        new CliRunner(project)
            .env("E2E_S3_SECRET", secret)
            .env("ICEBERG_OPS_CATALOG__S3__ACCESS_KEY_ID", accessKey);
    List<Result> results = new ArrayList<>();
    assertThat(record(results, cli.run("init")).exitCode()).isZero();
    Files.writeString(project.resolve("iceberg-ops.yaml"), yaml);
    assertThat(record(results, cli.run("revision", "-m", "create events")).out())
        .isEqualTo("Created migrations/V0001__CreateEvents.java\n");
    Files.writeString(
        project.resolve("migrations/V0001__CreateEvents.java"),
        """
        import dev.icebergops.migration.BaseMigration;
        import dev.icebergops.migration.MigrationContext;
        import org.apache.iceberg.Schema;
        import org.apache.iceberg.types.Types;

        public class V0001__CreateEvents extends BaseMigration {
          @Override public void upgrade(MigrationContext ctx) {
            ctx.createTableIfNotExists("events", new Schema(
                Types.NestedField.required(1, "id", Types.LongType.get())));
          }
          @Override public void downgrade(MigrationContext ctx) {
            ctx.dropTableIfExists("events");
          }
        }
        """);
    Files.writeString(
        project.resolve("contracts/events.yaml"),
        "strict: true\ncolumns:\n  - name: id\n    type: long\n    required: true\n"
            + "  - name: kind\n    type: string\n    required: true\n");

    Result migrate = record(results, cli.run("migrate", "--verbose"));
    assertThat(migrate.exitCode()).as(migrate.toString()).isZero();
    assertThat(migrate.out()).containsPattern("Applied 0001 Create events \\(\\d+ ms\\)");
    assertThat(environment.catalog().tableExists(TableIdentifier.of("rest_e2e", "events")))
        .isTrue();

    assertThat(record(results, cli.run("status")).out()).contains("0001").contains("applied");
    Result drift = record(results, cli.run("check"));
    assertThat(drift.out()).contains("rest_e2e.events: does not conform");
    Result generated =
        record(
            results,
            cli.run(
                "revision",
                "--autogenerate",
                "--table",
                "events",
                "--contract",
                "contracts/events.yaml"));
    assertThat(generated.out())
        .isEqualTo("Created migrations/V0002__UpdateEvents.java\n  add kind (string)\n");
    assertThat(record(results, cli.run("migrate")).out()).contains("Applied 0002 Update events");
    assertThat(record(results, cli.run("check")).out()).contains("rest_e2e.events: conforms");

    Result rollback = record(results, cli.run("rollback", "--target", "0000", "--verbose"));
    assertThat(rollback.out())
        .containsPattern("Rolled back 0002 Update events \\(\\d+ ms\\)\nRolled back 0001");
    assertThat(environment.catalog().tableExists(TableIdentifier.of("rest_e2e", "events")))
        .isFalse();
    Result check = record(results, cli.run("check"));
    assertThat(check.exitCode()).isEqualTo(1);
    assertThat(check.out()).contains("table rest_e2e.events does not exist");

    Result stamp = record(results, cli.run("stamp", "0002", "--json"));
    assertThat(stamp.out()).contains("\"current\" : \"0002\"");
    Result history = record(results, cli.run("history"));
    assertThat(history.out()).contains("0001").contains("0002").contains("applied");

    Result failure = record(results, cli.run("rollback", "--target", "0042", "--verbose"));
    assertThat(failure.err())
        .startsWith("Error: Cannot roll back rest_e2e to 0042")
        .contains("\tat dev.icebergops.runner.MigrationRunner.rollbackTo");

    for (Result result : results) {
      assertThat(result.out() + result.err()).as("output of a run").doesNotContain(secret);
    }
    environment.catalog().dropNamespace(Namespace.of("rest_e2e"));
  }

  private static Result record(List<Result> results, Result result) {
    results.add(result);
    return result;
  }
}
