package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.icebergops.cli.CliRunner.Result;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** status, plan and migrate name the baseline they would use or used, as text and as JSON. */
class BaselineCommandsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path project;

  private CliRunner project() throws Exception {
    CliRunner cli = new CliRunner(project);
    ok(cli.run("init", "--namespace", "sales"));
    String types = "org.apache.iceberg.types.Types";
    String id = types + ".NestedField.required(1, \"id\", " + types + ".LongType.get())";
    String region = types + ".NestedField.optional(2, \"region\", " + types + ".StringType.get())";
    String create = "ctx.createTableIfNotExists(\"orders\", new org.apache.iceberg.Schema(";
    String drop = "ctx.dropTableIfExists(\"orders\");";
    cli.migration("V0001__CreateOrders", create + id + "));", drop);
    cli.migration(
        "V0002__AddRegion",
        "ctx.enforceColumn(\"orders\", \"region\", \"string\");",
        "ctx.deleteColumn(\"orders\", \"region\");");
    cli.migration("B0002__Baseline", create + id + ", " + region + "));", drop);
    cli.migration(
        "V0003__AddNote",
        "ctx.enforceColumn(\"orders\", \"note\", \"string\");",
        "ctx.deleteColumn(\"orders\", \"note\");");
    return cli;
  }

  @Test
  void planAndStatusOfAFreshNamespaceNameTheBaselineMigrateWouldApply() throws Exception {
    CliRunner cli = project();

    Result plan = ok(cli.run("plan"));
    assertThat(plan.out())
        .containsPattern("0002\\s+Baseline\\s+pending \\(baseline\\)")
        .contains(
            "Baseline: migrate would apply 0002 Baseline to sales, which has no history, instead"
                + " of the versions below it")
        .doesNotContain("Create orders");
    JsonNode planJson = JSON.readTree(ok(cli.run("plan", "--json")).out());
    assertThat(planJson.at("/baseline/version").asText()).isEqualTo("0002");
    assertThat(planJson.at("/baseline/applied").asBoolean()).isFalse();
    assertThat(planJson.at("/pending/0/baseline").asText()).isEqualTo("0002");
    assertThat(planJson.at("/pending/1/version").asText()).isEqualTo("0003");

    Result status = ok(cli.run("status"));
    assertThat(status.out())
        .containsPattern("0001\\s+Create orders\\s+below_baseline\\s+covered by baseline 0002");
  }

  @Test
  void migrateReportsTheBaselineItAppliedAndStatusNamesItAfterwards() throws Exception {
    CliRunner cli = project();

    Result migrate = ok(cli.run("migrate"));

    assertThat(migrate.out())
        .containsPattern("Applied baseline 0002 Baseline \\(\\d+ ms\\)")
        .containsPattern("Applied 0003 Add note \\(\\d+ ms\\)")
        .contains("sales is now at 0003 (from baseline 0002)")
        .doesNotContain("Create orders");
    Result status = ok(cli.run("status"));
    assertThat(status.out())
        .containsPattern("0002\\s+Baseline\\s+applied\\s+\\S+\\s+baseline")
        .contains("Baseline: 0002 Baseline built sales; the versions below it did not run");
    JsonNode json = JSON.readTree(ok(cli.run("status", "--json")).out());
    assertThat(json.at("/baseline/version").asText()).isEqualTo("0002");
    assertThat(json.at("/baseline/applied").asBoolean()).isTrue();
    assertThat(json.at("/versions/0/state").asText()).isEqualTo("below_baseline");
    assertThat(json.at("/versions/0/baseline").asText()).isEqualTo("0002");
    assertThat(json.at("/versions/2/baseline").isNull()).isTrue();

    Result refused = cli.run("rollback", "--target", "0001");
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).startsWith("Error: Cannot roll back sales to 0001: baseline 0002");
  }

  private static Result ok(Result result) {
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.err()).as(result.toString()).isEmpty();
    return result;
  }
}
