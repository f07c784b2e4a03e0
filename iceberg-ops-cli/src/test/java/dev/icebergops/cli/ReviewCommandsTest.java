package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.icebergops.cli.CliRunner.Result;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import dev.icebergops.testsupport.MigrationSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan --preview} and {@code check --drift} on a real REST catalog with S3 storage: the
 * preview as text, Markdown and JSON (the Markdown shown in docs/reviewing-migrations.md is this
 * test's), the drift check's exit codes, and no secret in any output.
 */
@ExtendWith(SharedEnvironment.class)
class ReviewCommandsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The page that shows this test's Markdown preview. */
  private static final Path PAGE = Path.of("..", "docs", "reviewing-migrations.md");

  /** The page that shows the classed preview and the gate of this test. */
  private static final Path GATING = Path.of("..", "docs", "gating-breaking-changes.md");

  private static IcebergTestEnvironment environment;

  @TempDir Path project;

  private final List<Result> results = new ArrayList<>();

  @BeforeAll
  static void start(IcebergTestEnvironment shared) {
    environment = shared;
  }

  private CliRunner cli() throws Exception {
    Map<String, String> props = environment.catalogProperties();
    StringBuilder yaml =
        new StringBuilder("namespace: shop\ncatalog:\n  name: review\n  properties:\n");
    props.forEach(
        (key, value) -> {
          if (key.equals(S3FileIOProperties.SECRET_ACCESS_KEY)) {
            yaml.append("    ").append(key).append(": ${env:REVIEW_S3_SECRET}\n");
          } else {
            yaml.append("    ").append(key).append(": \"").append(value).append("\"\n");
          }
        });
    CliRunner cli = new CliRunner(project).env("REVIEW_S3_SECRET", secret());
    assertThat(run(cli, "init").exitCode()).isZero();
    Files.writeString(project.resolve("iceberg-ops.yaml"), yaml);
    cli.migration(
        "V0001__CreateOrders",
        "ctx.createTableIfNotExists(\"orders\", new org.apache.iceberg.Schema("
            + "org.apache.iceberg.types.Types.NestedField.required(1, \"id\","
            + " org.apache.iceberg.types.Types.LongType.get()),"
            + "org.apache.iceberg.types.Types.NestedField.optional(2, \"qty\","
            + " org.apache.iceberg.types.Types.IntegerType.get()),"
            + "org.apache.iceberg.types.Types.NestedField.optional(3, \"note\","
            + " org.apache.iceberg.types.Types.StringType.get())));");
    assertThat(run(cli, "migrate").exitCode()).isZero();
    return cli;
  }

  private static String secret() {
    return environment.catalogProperties().get(S3FileIOProperties.SECRET_ACCESS_KEY);
  }

  private Result run(CliRunner cli, String... args) {
    Result result = cli.run(args);
    results.add(result);
    return result;
  }

  @Test
  void previewPrintsEachPendingChangeAsTextMarkdownAndJson() throws Exception {
    CliRunner cli = cli();
    cli.migration("V0002__AddRegion", "ctx.addColumn(\"orders\", \"region\", \"string\");");
    cli.migration("V0003__RenameNote", "ctx.enforceRename(\"orders\", \"note\", \"comment\");");
    cli.migration("V0004__PromoteQty", "ctx.enforceColumn(\"orders\", \"qty\", \"long\");");
    cli.migration(
        "V0005__PartitionByRegion",
        "ctx.updatePartitionSpec(\"orders\", java.util.List.of("
            + "dev.icebergops.migration.PartitionFieldSpec.identity(\"region\")), null);"
            + " ctx.setTableProperties(\"orders\","
            + " java.util.Map.of(\"commit.retry.num-retries\", \"8\"));");
    cli.migration(
        "V0006__RenameCommentOntoQty",
        "ctx.loadTable(\"orders\").updateSchema().renameColumn(\"comment\", \"qty\").commit();");
    cli.migration("V0007__AddChannel", "ctx.addColumn(\"orders\", \"channel\", \"string\");");

    Result text = run(cli, "plan", "--preview");
    assertThat(text.exitCode()).as(text.toString()).isZero();
    assertThat(text.out())
        .startsWith("Preview of shop (at 0001): 6 pending versions, one would fail\n")
        .contains("0002 Add region: would apply\n  shop.orders: changed\n")
        .contains("    added column region (id=4, string) [additive]\n")
        .contains("    changed column comment (id=3): renamed from note [breaking]\n")
        .contains("    changed column qty (id=2): type int -> long [compatible]\n")
        .contains("    partition: added identity(region) as region [compatible]\n")
        .contains("    property: set commit.retry.num-retries = 8 [additive]\n")
        .contains("0006 Rename comment onto qty: would FAIL\n  error: Cannot apply migration 0006")
        .contains("0007 Add channel: not reached (an earlier version would fail)");

    Result markdown = run(cli, "plan", "--preview", "--markdown");
    assertThat(markdown.exitCode()).isZero();
    assertThat(markdown.out())
        .startsWith("### iceberg-ops preview of `shop`\n")
        .contains("| `shop.orders` | added column region (id=4, string) | additive |");
    assertThat(Files.readString(PAGE))
        .as("docs/reviewing-migrations.md shows this run's Markdown")
        .contains(markdown.out());

    JsonNode json = JSON.readTree(run(cli, "plan", "--preview", "--json").out());
    assertThat(json.at("/versions/0/tables/0/columns/0/column").asText()).isEqualTo("region");
    assertThat(json.at("/versions/1/tables/0/class").asText()).isEqualTo("breaking");
    assertThat(json.at("/versions/1/tables/0/changes/0/class").asText()).isEqualTo("breaking");
    assertThat(json.at("/versions/1/tables/0/changes/0/column").asText()).isEqualTo("comment");
    assertThat(json.at("/versions/4/outcome").asText()).isEqualTo("fails");
    assertThat(json.at("/versions/5/outcome").asText()).isEqualTo("not_reached");
    assertThat(environment.catalog().loadTable(TableIdentifier.of("shop", "orders")).schema())
        .as("the preview changed nothing")
        .matches(schema -> schema.findField("region") == null);
    assertNoSecret();
  }

  @Test
  void previewClassesEachChangeAndTheGateNamesWhatIsNotDeclared() throws Exception {
    CliRunner cli = cli().env("ICEBERG_OPS_NAMESPACE", "gate"); // a namespace no other test changes
    assertThat(run(cli, "migrate").exitCode()).isZero();
    cli.migration("V0002__AddRegion", "ctx.addColumn(\"orders\", \"region\", \"string\");");
    Files.writeString(
        project.resolve("migrations/V0003__RenameNote.java"),
        MigrationSources.migration(
                "V0003__RenameNote", "ctx.enforceRename(\"orders\", \"note\", \"comment\");")
            .replace(
                "public class",
                "@dev.icebergops.migration.Breaking(\"the dashboards read comment since PR 412\")"
                    + " public class"));
    cli.migration("V0004__DropQty", "ctx.deleteColumn(\"orders\", \"qty\");");

    Result markdown = run(cli, "plan", "--preview", "--markdown");
    assertThat(markdown.exitCode()).as(markdown.toString()).isZero();
    assertThat(markdown.out())
        .contains("> Declared breaking: the dashboards read comment since PR 412\n")
        .contains("| `gate.orders` | removed column qty (id=2, int) | **destructive** |\n");
    Result gate = run(cli, "plan", "--preview", "--fail-on", "breaking");
    assertThat(gate.exitCode()).as(gate.toString()).isEqualTo(4);
    String verdict = gate.out().substring(gate.out().indexOf("Gate --fail-on"));
    assertThat(verdict)
        .isEqualTo(
            "Gate --fail-on breaking: 1 undeclared change\n"
                + "  0004 (Drop qty): gate.orders column qty: removed column qty (id=2, int) is"
                + " destructive and not declared; declare it on the migration class with"
                + " @Destructive(\"<why>\")\n");
    assertThat(Files.readString(GATING))
        .as("docs/gating-breaking-changes.md shows this run's Markdown and verdict")
        .contains(markdown.out())
        .contains(verdict);
    assertNoSecret();
  }

  @Test
  void checkDriftExitsZeroWhenCleanAndThreeNamingTheDrift() throws Exception {
    CliRunner cli = cli();

    Result clean = run(cli, "check", "--drift");
    assertThat(clean.exitCode()).as(clean.toString()).isZero();
    assertThat(clean.out())
        .isEqualTo("No drift: the tables of shop are what its migrations make at version 0001\n");

    environment
        .catalog()
        .loadTable(TableIdentifier.of("shop", "orders"))
        .updateSchema()
        .addColumn("by_hand", Types.StringType.get())
        .commit();
    Result drift = run(cli, "check", "--drift");
    assertThat(drift.exitCode()).as(drift.toString()).isEqualTo(3);
    assertThat(drift.out())
        .isEqualTo(
            "Drift in shop at version 0001: 1 difference\n"
                + "  shop.orders: column by_hand (string) is not made by the migrations\n");
    assertThat(drift.err()).isEmpty();

    Result json = run(cli, "check", "--drift", "--json");
    assertThat(json.exitCode()).isEqualTo(3);
    JsonNode document = JSON.readTree(json.out());
    assertThat(document.at("/drift").asBoolean()).isTrue();
    assertThat(document.at("/findings/0/kind").asText()).isEqualTo("column_added");
    assertThat(document.at("/findings/0/subject").asText()).isEqualTo("by_hand");
    assertNoSecret();
  }

  @Test
  void checkDriftOfANamespaceThatDoesNotExistExitsOneNamingItAlsoWithJson() throws Exception {
    CliRunner cli = cli().env("ICEBERG_OPS_NAMESPACE", "nosuch_namespace_typo");
    String message =
        "Cannot check drift of nosuch_namespace_typo: no such namespace: check its name, or"
            + " migrate it first";

    Result text = run(cli, "check", "--drift");
    assertThat(text.exitCode()).as(text.toString()).isEqualTo(1);
    assertThat(text.out()).isEmpty();
    assertThat(text.err()).isEqualTo("Error: " + message + "\n");

    Result json = run(cli, "check", "--drift", "--json");
    assertThat(json.exitCode()).as(json.toString()).isEqualTo(1);
    JsonNode document = JSON.readTree(json.out());
    assertThat(document.at("/error/message").asText()).isEqualTo(message);
    assertThat(document.at("/error/exitCode").asInt()).isEqualTo(1);
    assertThat(document.has("drift")).as("no verdict on drift").isFalse();
    assertThat(json.err()).isEqualTo("Error: " + message + "\n");
  }

  @Test
  void snapshotExportWritesTheShapeAndHistoryRowsLeavingSecretsOut() throws Exception {
    CliRunner cli = cli();
    Table orders = environment.catalog().loadTable(TableIdentifier.of("shop", "orders"));
    String signed = "https://b.s3.amazonaws.com/cb?X-Amz-Signature=0123456789abcdef";
    orders
        .updateProperties()
        .set("rest.auth.token", "tok-0123456789")
        .set("audit.callback", signed)
        .commit();
    try {
      Result export = run(cli, "snapshot", "export", "--dir", "snapshots/prod/shop");

      Path dir = project.resolve("snapshots/prod/shop");
      assertThat(export.exitCode()).as(export.toString()).isZero();
      assertThat(export.out())
          .isEqualTo(
              "Exported 1 table and 1 history row of shop at 0001 to "
                  + dir
                  + "\nLeft out as secret: orders.audit.callback, orders.rest.auth.token\n");
      assertThat(Files.readString(dir.resolve("tables/orders.json")))
          .contains("\"name\" : \"qty\"", "\"last-column-id\" : 3")
          .doesNotContain("tok-0123456789", "X-Amz-Signature", secret(), "\"snapshots\"");
      assertThat(Files.readString(dir.resolve("history.json"))).contains("\"version\" : \"0001\"");
      assertThat(Files.readString(dir.resolve("snapshot.json")))
          .contains("\"orders.rest.auth.token\"")
          .doesNotContain("tok-0123456789");
    } finally {
      orders.updateProperties().remove("rest.auth.token").remove("audit.callback").commit();
    }
    assertNoSecret();
  }

  private void assertNoSecret() {
    for (Result result : results) {
      assertThat(result.out() + result.err()).as("output of a run").doesNotContain(secret());
    }
  }
}
