package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.browser.HeadlessChromium;
import dev.icebergops.test.fixtures.Fixtures;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The HTML report of a class with a failed check, rendered by headless Chromium: the failure shows.
 * Runs with {@code mvn -Pbrowser verify}; fails when Chromium is not installed.
 */
@Tag("browser")
class ReportInBrowserIT {

  /** The colour of a failed cell in the report's style. */
  private static final int FAILED_RED = 0xff4d4f;

  @Test
  void aFailedCheckIsVisibleInTheRenderedReport() {
    Path directory = Path.of("target", "iceberg-ops-browser");
    SuiteReportTest.runWithReportIn(Fixtures.NonReversible.class, directory);
    Path page = directory.resolve("Fixtures$NonReversible.html").toAbsolutePath();
    HeadlessChromium chromium = HeadlessChromium.find();

    String dom = chromium.dumpDom(page);
    BufferedImage screenshot = chromium.screenshot(page, 1400, 900);

    assertThat(dom)
        .contains("<title>iceberg-ops: Fixtures$NonReversible</title>")
        .contains("<p id=\"summary\" class=\"failed\">Standard checks: 7 passed, 1 failed, 2 not")
        .contains("<tr><td>reversible</td><td class=\"failed\">failed</td></tr>")
        .contains("Expecting migration 0002 (Add region) to be reversible");
    // the failed cells, in the checks table and the 0002 row, are painted red on screen
    assertThat(HeadlessChromium.pixelsNear(screenshot, FAILED_RED)).isGreaterThan(1000);
  }
}
