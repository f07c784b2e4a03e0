package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.fixtures.gapped.GappedSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report shows, once, a gap between the set's versions and a migration left out of the set
 * because it sits in a package next to the configured one; neither fails a check.
 */
class SuiteReportSetNotesTest {

  private static final String GAP =
      "Gap: no version 0002 between 0001 and 0003 (not an error; check that no migration is"
          + " missing)";
  private static final String SKIPPED =
      "Skipped dev.icebergops.test.fixtures.gapped.icebreg.V0002__AddNote: it is a migration, but"
          + " in package dev.icebergops.test.fixtures.gapped.icebreg, outside the configured"
          + " location classpath:dev/icebergops/test/fixtures/gapped/iceberg; move it there, or it"
          + " is never applied";

  private static int count(String text, String part) {
    return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
  }

  @Test
  void theReportShowsTheGapAndTheMigrationInAMistypedPackageOnce(@TempDir Path directory)
      throws IOException {
    SuiteReportTest.runWithReportIn(GappedSet.class, directory);

    String markdown = Files.readString(directory.resolve("GappedSet.md"));
    assertThat(markdown).contains(" 0 failed").contains("- " + GAP + "\n- " + SKIPPED + "\n");
    assertThat(count(markdown, GAP)).as(markdown).isEqualTo(1);
    assertThat(count(markdown, SKIPPED)).as(markdown).isEqualTo(1);
    String html = Files.readString(directory.resolve("GappedSet.html"));
    assertThat(html).contains("<ul id=\"set-notes\"><li>" + GAP + "</li><li>");
    assertThat(count(html, GAP)).isEqualTo(1);
  }

  @Test
  void aConsecutiveSetHasNoNotes(@TempDir Path directory) throws IOException {
    SuiteReportTest.runWithReportIn(
        dev.icebergops.test.fixtures.Fixtures.Reversible.class, directory);

    String markdown = Files.readString(directory.resolve("Fixtures$Reversible.md"));
    assertThat(markdown).contains("## Versions").doesNotContain("Gap:").doesNotContain("Skipped ");
  }
}
