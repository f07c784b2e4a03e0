package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import dev.icebergops.testsupport.MigrationSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command line, {@code java -jar iceberg-ops.jar} as users run it (built by the
 * package phase; failsafe runs this after it), on the real REST catalog with S3 storage.
 */
@ExtendWith(SharedEnvironment.class)
class PackagedJarIT {

  @TempDir Path project;

  @Test
  void checkDriftOfANamespaceThatDoesNotExistExitsOneWithTheReasonAndNoStackTrace(
      IcebergTestEnvironment environment) throws Exception {
    config(environment, "nosuch_namespace_typo");
    String error =
        "Error: Cannot check drift of nosuch_namespace_typo: no such namespace: check its name, or"
            + " migrate it first\n";

    CliRunner.Result text = launch("check", "--drift");
    assertThat(text.exitCode()).as(text.toString()).isEqualTo(1);
    assertThat(text.out()).isEmpty();
    assertThat(text.err()).isEqualTo(error);

    CliRunner.Result json = launch("check", "--drift", "--json");
    assertThat(json.exitCode()).as(json.toString()).isEqualTo(1);
    assertThat(new ObjectMapper().readTree(json.out()).at("/error/exitCode").asInt()).isEqualTo(1);
    assertThat(json.out()).doesNotContain("\"drift\"");
    assertThat(json.err()).isEqualTo(error);
  }

  @Test
  void planPreviewFailOnExitsFourNamingAnUndeclaredDropAndZeroOnceItIsDeclared(
      IcebergTestEnvironment environment) throws Exception {
    config(environment, "gate_packaged");
    CliRunner cli = new CliRunner(project);
    cli.migration(
        "V0001__CreateOrders",
        "ctx.createTableIfNotExists(\"orders\", new org.apache.iceberg.Schema("
            + "org.apache.iceberg.types.Types.NestedField.required(1, \"id\","
            + " org.apache.iceberg.types.Types.LongType.get()),"
            + "org.apache.iceberg.types.Types.NestedField.optional(2, \"legacy_note\","
            + " org.apache.iceberg.types.Types.StringType.get())));");
    String drop = "ctx.deleteColumn(\"orders\", \"legacy_note\");";
    cli.migration("V0002__DropLegacyNote", drop);

    CliRunner.Result gated = launch("plan", "--preview", "--fail-on", "destructive");
    assertThat(gated.exitCode()).as(gated.toString()).isEqualTo(4);
    assertThat(gated.out())
        .contains("    removed column legacy_note (id=2, string) [destructive]\n")
        .endsWith(
            "Gate --fail-on destructive: 1 undeclared change\n"
                + "  0002 (Drop legacy note): gate_packaged.orders column legacy_note: removed"
                + " column legacy_note (id=2, string) is destructive and not declared; declare it"
                + " on the migration class with @Destructive(\"<why>\")\n");
    assertThat(gated.err()).isEmpty();
    CliRunner.Result json = launch("--json", "plan", "--preview", "--fail-on", "breaking");
    assertThat(json.exitCode()).as(json.toString()).isEqualTo(4);
    JsonNode gate = new ObjectMapper().readTree(json.out()).at("/gate");
    assertThat(gate.at("/failOn").asText()).isEqualTo("breaking");
    assertThat(gate.at("/undeclared/0").asText()).startsWith("0002 (Drop legacy note)");

    Files.writeString(
        project.resolve("migrations/V0002__DropLegacyNote.java"),
        MigrationSources.migration("V0002__DropLegacyNote", drop)
            .replace(
                "public class",
                "@dev.icebergops.migration.Destructive(\"drops orders.legacy_note after the"
                    + " 2026-Q4 export\")\npublic class"));
    CliRunner.Result declared = launch("plan", "--preview", "--fail-on", "breaking");
    assertThat(declared.exitCode()).as(declared.toString()).isZero();
    assertThat(declared.out())
        .contains(
            "0002 Drop legacy note: would apply\n"
                + "  declared destructive: drops orders.legacy_note after the 2026-Q4 export\n")
        .endsWith("Gate --fail-on breaking: no undeclared change\n");

    CliRunner.Result wrong = launch("plan", "--preview", "--fail-on", "additive");
    assertThat(wrong.exitCode()).as(wrong.toString()).isEqualTo(1);
    assertThat(wrong.err())
        .isEqualTo(
            "Error: Cannot gate on change class additive: expected breaking or destructive\n");
  }

  private void config(IcebergTestEnvironment environment, String namespace) throws IOException {
    StringBuilder yaml =
        new StringBuilder(
            "namespace: " + namespace + "\ncatalog:\n  name: packaged\n  properties:\n");
    environment
        .catalogProperties()
        .forEach((k, v) -> yaml.append("    ").append(k).append(": \"").append(v).append("\"\n"));
    Files.createDirectories(project.resolve("migrations"));
    Files.writeString(project.resolve("iceberg-ops.yaml"), yaml);
  }

  private CliRunner.Result launch(String... args) throws Exception {
    Path jar = Path.of(System.getProperty("iceberg-ops.cli.jar", "target/iceberg-ops.jar"));
    assertThat(jar).as("the packaged jar (mvn package builds it)").isRegularFile();
    return new CliRunner(project).launch(List.of("-jar", jar.toAbsolutePath().toString()), args);
  }
}
