package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.test.fixtures.Fixtures;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testsupport.StandardError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * After a class that implements MigrationSuite runs, its report is written as Markdown and HTML.
 */
class SuiteReportTest {

  /** Runs a fixture class with its report going to {@code directory}. */
  static void runWithReportIn(Class<?> fixture, Path directory) {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter(ClassReports.DIRECTORY, directory.toString())
        .selectors(selectClass(fixture))
        .execute();
  }

  @Test
  void aFailedCheckIsReportedPerVersionWithItsMessageAndTheSchemaAtHead(@TempDir Path directory)
      throws IOException {
    runWithReportIn(Fixtures.NonReversible.class, directory);

    String markdown = Files.readString(directory.resolve("Fixtures$NonReversible.md"));
    assertThat(markdown)
        .startsWith("# iceberg-ops: Fixtures$NonReversible\n\n")
        .contains("Standard checks: 7 passed, 1 failed, 2 not applicable.")
        .contains("| reversible | failed |")
        .contains("| contracts | not applicable |")
        .contains("| baselines | not applicable |")
        .contains(
            "| version | description | well formed | upgrade to head | reversible | no trace |"
                + " idempotent | contracts | history | data survives | baselines | declared |")
        .contains(
            "| 0002 | Add region | passed | passed | failed | passed | passed | not applicable |"
                + " passed | passed | not applicable | passed |")
        .contains("**reversible**, failure:\n\n```\nExpecting migration 0002 (Add region) to be")
        .contains("### orders\n\n| id | column | type | required | doc |")
        .contains("| 5 | region | string | optional |  |");
    String html = Files.readString(directory.resolve("Fixtures$NonReversible.html"));
    assertThat(html)
        .startsWith("<!DOCTYPE html>")
        .contains("<p id=\"summary\" class=\"failed\">")
        .contains("<tr><td>reversible</td><td class=\"failed\">failed</td></tr>")
        .contains("<pre class=\"failure\">Expecting migration 0002 (Add region) to be reversible");
  }

  @Test
  void anAllowedIrreversibleVersionIsStatedOnceWithWhatItMeantForEachCheck(@TempDir Path directory)
      throws IOException {
    runWithReportIn(Fixtures.IrreversibleAllowedSuite.class, directory);

    String markdown = Files.readString(directory.resolve("Fixtures$IrreversibleAllowedSuite.md"));
    String fact =
        "migration 0005 (Promote quantity) is irreversible (allowed): quantity stays long";
    assertThat(markdown.split(java.util.regex.Pattern.quote(fact), -1))
        .as("pieces of the report around the fact %s:%n%s", fact, markdown)
        .hasSize(2);
    assertThat(markdown)
        .contains("## Facts\n\n" + fact)
        .contains("\n- reversible: its downgrade did not run")
        .contains(
            "\n- no trace: the rollback stopped there and was compared with the state recorded"
                + " there; the versions below it were walked from a fresh namespace")
        .contains("Not applicable: the check does not cover the version.\n\n")
        .contains(
            "- reversible at 0005; no trace at 0005; history at 0005: its downgrade is"
                + " irreversible (allowed), so it did not run\n")
        .contains("- contracts at every version: the check did not apply: ")
        .contains("- baselines at every version: the check did not apply: ");
    String html = Files.readString(directory.resolve("Fixtures$IrreversibleAllowedSuite.html"));
    assertThat(html)
        .contains("<h2>Facts</h2>\n<p class=\"fact\">" + fact)
        .contains("<ul id=\"not-applicable\">");
  }

  @Test
  void theSuitesLogMessageEndsWithWhatWasCheckedPerVersionAndTheReport(@TempDir Path directory) {
    // configured relative to the working directory, logged absolute: a user finds it from anywhere
    String log =
        StandardError.capture(
            () ->
                runWithReportIn(
                    Fixtures.NonReversible.class,
                    Path.of("").toAbsolutePath().relativize(directory)));
    String html = directory.resolve("Fixtures$NonReversible.html").toString();
    assertThat(log)
        .as("slf4j-simple's output, logger dev.icebergops.test.MigrationSuite")
        .contains(
            " WARN dev.icebergops.test.MigrationSuite - Fixtures$NonReversible: standard checks"
                + " 7 passed, 1 failed, 2 not applicable; report "
                + html
                + "\n  version  description    well formed  upgrade to head  reversible"
                + "  no trace  idempotent  contracts  history  data survives  baselines  declared\n"
                + "  0001     Create orders  passed       passed           passed      passed"
                + "    passed      -          passed   passed         -          passed\n"
                + "  0002     Add region     passed       passed           FAILED      passed"
                + "    passed      -          passed   passed         -          passed\n");
  }

  @Test
  void aClassWithoutStandardChecksWritesNoReport(@TempDir Path directory) {
    runWithReportIn(Fixtures.Plain.class, directory);

    assertThat(directory).isEmptyDirectory();
  }

  @Test
  void aSignedUrlIsMaskedInTheReportAndTheLog(@TempDir Path directory) throws IOException {
    String log = StandardError.capture(() -> runWithReportIn(SignedUrlSuite.class, directory));

    assertThat(log)
        .as("slf4j-simple's output")
        .contains("Set table properties of ")
        .contains("audit.callback=https://b.s3.amazonaws.com/callback?****")
        .doesNotContain("AKIAPLANTEDCRED00001", "planted5ig0f1e2d3c4b5a6978");

    for (String page : List.of("md", "html")) {
      assertThat(Files.readString(directory.resolve("SuiteReportTest$SignedUrlSuite." + page)))
          .as("the %s report", page)
          .contains("property audit.callback: (unset) -")
          .contains("https://b.s3.amazonaws.com/callback?****")
          .doesNotContain("AKIAPLANTEDCRED00001", "planted5ig0f1e2d3c4b5a6978");
    }
  }

  /** A version whose downgrade leaves a presigned URL behind: the reversible check quotes it. */
  @IcebergMigrations(classes = {Sales.V0001__CreateOrders.class, V0002__SetCallback.class})
  public static class SignedUrlSuite implements MigrationSuite {}

  public static class V0002__SetCallback extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.setTableProperties(
          "orders",
          Map.of(
              "audit.callback",
              "https://b.s3.amazonaws.com/callback?X-Amz-Credential=AKIAPLANTEDCRED00001"
                  + "%2F20261205%2Fus-east-1%2Fs3%2Faws4_request"
                  + "&X-Amz-Signature=planted5ig0f1e2d3c4b5a6978"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }
}
