package com.acme.sales;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.browser.HeadlessChromium;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The report that {@link SalesMigrationsTest} writes in the test phase, opened in headless
 * Chromium: every check passed, per version, with the tables at head. Runs with {@code mvn
 * -Pbrowser verify}; fails when Chromium is not installed.
 */
@Tag("browser")
class SalesReportInBrowserIT {

  private static final int PASSED_GREEN = 0xdafbe1;
  private static final int FAILED_RED = 0xff4d4f;

  @Test
  void theExamplesReportRendersWithEveryCheckPassed() {
    Path page = Path.of("target", "iceberg-ops", "SalesMigrationsTest.html").toAbsolutePath();
    assertThat(page).as("the report SalesMigrationsTest writes in the test phase").exists();
    HeadlessChromium chromium = HeadlessChromium.find();

    String dom = chromium.dumpDom(page);
    BufferedImage screenshot = chromium.screenshot(page, 1400, 1000);

    assertThat(dom)
        .contains("<h1>iceberg-ops: SalesMigrationsTest</h1>")
        // a re-run says how many verdicts it took from the cache kept between runs
        .containsPattern(
            "<p id=\"summary\" class=\"passed\">Standard checks: 10 passed"
                + "( \\(\\d from the cache of an earlier run\\))?, 0 failed</p>")
        .contains("<tr><td>data survives</td><td class=\"passed\">passed</td></tr>")
        .contains("<td>0005</td><td>Retype duration</td>")
        .contains("<td>0011</td><td>Drop customer email</td>")
        .contains("<td>duration__legacy_1</td>")
        .doesNotContain("class=\"failed\"");
    assertThat(HeadlessChromium.pixelsNear(screenshot, PASSED_GREEN)).isGreaterThan(1000);
    assertThat(HeadlessChromium.pixelsNear(screenshot, FAILED_RED)).isZero();
  }
}
