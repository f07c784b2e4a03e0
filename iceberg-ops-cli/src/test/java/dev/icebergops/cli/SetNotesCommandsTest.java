package dev.icebergops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.icebergops.cli.CliRunner.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * status, plan and validate show a gap between versions once, and every command that loads the
 * migrations names each file of the migrations directory that is skipped, and why, once (a WARN on
 * stderr; listed in the JSON of status and plan).
 */
class SetNotesCommandsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String GAP =
      "Gap: no version 0003 between 0002 and 0004 (not an error; check that no migration is"
          + " missing)";

  @TempDir Path project;

  private CliRunner project() throws Exception {
    CliRunner cli = new CliRunner(project);
    ok(cli.run("init", "--namespace", "sales"));
    cli.migration("V0001__CreateOrders", "");
    cli.migration("V0002__AddRegion", "");
    cli.migration("V0004__AddNote", "");
    cli.migration("v0003_add_currency", "");
    Files.writeString(project.resolve("migrations/notes.txt"), "not a migration\n");
    return cli;
  }

  private String skippedWarning() {
    return "WARN FilesystemMigrationSource - Skipping "
        + project.toAbsolutePath().normalize().resolve("migrations/v0003_add_currency.java")
        + ": class v0003_add_currency: it is a Migration, but its name is not"
        + " V<NNNN>__<Description> (four digits, two underscores, e.g. V0006__AddRefunds), so it"
        + " is compiled as a helper and never applied; rename the class and its file";
  }

  /** Succeeded, naming the skipped file once on stderr and nothing else there. */
  private Result okNamingTheSkippedFile(Result result) {
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.err().lines()).as(result.toString()).containsExactly(skippedWarning());
    return result;
  }

  private static int count(String text, String part) {
    return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
  }

  @Test
  void statusPlanAndValidateShowTheGapOnceAndNameTheSkippedFileOnce() throws Exception {
    CliRunner cli = project();

    for (String command : new String[] {"status", "plan", "validate"}) {
      String out = okNamingTheSkippedFile(cli.run(command)).out();
      assertThat(count(out, GAP)).as(command + ":%n%s", out).isEqualTo(1);
      assertThat(out).as(command).doesNotContain("notes.txt").doesNotContain("v0003");
    }
    okNamingTheSkippedFile(cli.run("migrate"));
    assertThat(okNamingTheSkippedFile(cli.run("plan")).out())
        .contains("Nothing to apply")
        .contains(GAP);
  }

  @Test
  void failOnSkippedMigrationsInTheConfigFailsMigrateAndValidateNamingTheSkippedFile()
      throws Exception {
    CliRunner cli = project();
    Files.writeString(
        project.resolve("iceberg-ops.yaml"),
        "fail-on-skipped-migrations: true\n",
        java.nio.file.StandardOpenOption.APPEND);

    for (String command : new String[] {"migrate", "validate"}) {
      Result result = cli.run(command);
      assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
      assertThat(result.err())
          .as(command)
          .contains(
              "Error: Cannot "
                  + command
                  + " sales: failOnSkippedMigrations is on, and the source skips 1 migration:"
                  + " Skipping "
                  + skippedWarning().substring(skippedWarning().indexOf("Skipping ") + 9));
    }
  }

  @Test
  void statusAndPlanListGapsAndSkippedFilesAsJson() throws Exception {
    CliRunner cli = project();

    for (String command : new String[] {"status", "plan"}) {
      JsonNode json = JSON.readTree(okNamingTheSkippedFile(cli.run(command, "--json")).out());
      assertThat(json.at("/gaps/0/after").asText()).as(command).isEqualTo("0002");
      assertThat(json.at("/gaps/0/before").asText()).as(command).isEqualTo("0004");
      assertThat(json.at("/gaps/0/missing").asText()).as(command).isEqualTo("0003");
      assertThat(json.at("/skipped/0/name").asText())
          .as(command)
          .endsWith("v0003_add_currency.java");
      assertThat(json.at("/skipped/0/reason").asText())
          .as(command)
          .startsWith("class v0003_add_currency: it is a Migration");
      assertThat(json.at("/skipped").size()).as(command).isEqualTo(1);
    }
  }

  @Test
  void aConsecutiveSetWithNothingSkippedPrintsNoNote() throws Exception {
    CliRunner cli = new CliRunner(project);
    ok(cli.run("init", "--namespace", "sales"));
    cli.migration("V0001__CreateOrders", "");

    assertThat(ok(cli.run("status")).out()).doesNotContain("Gap:").doesNotContain("Skipped");
  }

  private static Result ok(Result result) {
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.err()).as(result.toString()).isEmpty();
    return result;
  }
}
