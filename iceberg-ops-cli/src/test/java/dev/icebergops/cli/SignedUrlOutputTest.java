package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliRunner.Result;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A presigned S3 URL planted in a table property and in a migration's error, on the real REST
 * catalog and S3 store: no output of the command line, and not the history table, shows its
 * credential or its signature.
 */
@ExtendWith(SharedEnvironment.class)
class SignedUrlOutputTest {

  private static final String CREDENTIAL = "AKIAPLANTEDCRED00001";
  private static final String SIGNATURE = "5ig0f1e2d3c4b5a69788796a5b4c3d2e1f0planted";
  private static final String SIGNED =
      "https://b.s3.amazonaws.com/callback?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential="
          + CREDENTIAL
          + "%2F20261205%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Expires=900&X-Amz-Signature="
          + SIGNATURE;
  private static final String MASKED = "https://b.s3.amazonaws.com/callback?****";

  @TempDir Path project;

  @Test
  void noOutputAndNoHistoryRowShowsAPlantedSignedUrl(IcebergTestEnvironment environment)
      throws Exception {
    CliRunner cli = new CliRunner(project);
    StringBuilder yaml =
        new StringBuilder("namespace: signed_urls\ncatalog:\n  name: signed\n  properties:\n");
    environment
        .catalogProperties()
        .forEach((key, value) -> yaml.append("    ").append(key).append(": \"" + value + "\"\n"));
    Files.writeString(project.resolve("iceberg-ops.yaml"), yaml);
    Files.createDirectories(project.resolve("migrations"));
    cli.migration(
        "V0001__CreateOrders",
        "ctx.createTableIfNotExists(\"orders\", new org.apache.iceberg.Schema("
            + "org.apache.iceberg.types.Types.NestedField.required(1, \"id\","
            + " org.apache.iceberg.types.Types.LongType.get())));");
    assertThat(cli.run("migrate").exitCode()).isZero();
    cli.migration(
        "V0002__SetCallback",
        "ctx.setTableProperties(\"orders\", java.util.Map.of(\"audit.callback\", \""
            + SIGNED
            + "\"));");
    cli.migration(
        "V0003__Fetch", "throw new IllegalStateException(\"Cannot fetch " + SIGNED + "\");");

    List<Result> outputs = new ArrayList<>();
    outputs.add(cli.run("plan", "--preview"));
    outputs.add(cli.run("plan", "--preview", "--markdown"));
    outputs.add(cli.run("plan", "--preview", "--json"));
    outputs.add(launch("--verbose", "migrate"));
    outputs.add(cli.run("status"));
    outputs.add(cli.run("--json", "status"));
    outputs.add(cli.run("history"));
    outputs.add(cli.run("--json", "history"));

    assertThat(outputs.get(0).out())
        .as(outputs.get(0).toString())
        .contains("property: set audit.callback = " + MASKED)
        .contains("Cannot fetch " + MASKED);
    assertThat(outputs.get(3).exitCode()).as(outputs.get(3).toString()).isEqualTo(1);
    assertThat(outputs.get(3).err())
        .as("the runner's log, the error line and its stack trace")
        .contains("ERROR MigrationRunner - Cannot apply migration 0003 (Fetch)")
        .contains("Error: Cannot apply migration 0003")
        .contains("Caused by: java.lang.IllegalStateException: Cannot fetch " + MASKED);
    assertThat(
            environment
                .catalog()
                .loadTable(TableIdentifier.of("signed_urls", "orders"))
                .properties())
        .as("the property itself is stored as set")
        .containsEntry("audit.callback", SIGNED);
    for (Result output : outputs) {
      assertThat(output.out() + output.err())
          .as(output.toString())
          .doesNotContain(CREDENTIAL)
          .doesNotContain(SIGNATURE);
    }
    assertThat(historyErrors(environment))
        .as("the history's error column")
        .anySatisfy(error -> assertThat(error).contains("Cannot fetch " + MASKED))
        .allSatisfy(error -> assertThat(error).doesNotContain(CREDENTIAL, SIGNATURE));
  }

  /** The entry point in its own JVM, where --verbose turns the runner's log on. */
  private Result launch(String... args) throws Exception {
    return new CliRunner(project).launch(CliRunner.onTestClassPath(), args);
  }

  private static List<String> historyErrors(IcebergTestEnvironment environment) throws Exception {
    Table history =
        environment
            .catalog()
            .loadTable(
                TableIdentifier.of(MigrationHistory.DEFAULT_META_NAMESPACE, "migration_history"));
    List<String> errors = new ArrayList<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(history)
            .where(Expressions.equal("namespace", "signed_urls"))
            .build()) {
      rows.forEach(row -> errors.add(String.valueOf(row.getField("error"))));
    }
    return errors;
  }
}
