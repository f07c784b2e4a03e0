package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.scanned.ScannedOnce;
import dev.icebergops.testsupport.StandardError;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The test classes of one JVM at one location share one class-path scan of it. */
class LocationScanTest {

  @Test
  void aMigrationInAMistypedPackageIsReportedOnceForEveryClassAtTheLocation() {
    String output =
        StandardError.capture(
            () ->
                EngineTestKit.engine("junit-jupiter")
                    .selectors(
                        selectClass(ScannedOnce.First.class), selectClass(ScannedOnce.Second.class))
                    .execute()
                    .testEvents()
                    .assertStatistics(stats -> stats.succeeded(2).failed(0)));

    assertThat(output.lines().filter(line -> line.contains("Skipping ")))
        .singleElement()
        .asString()
        .contains(
            "Skipping dev.icebergops.test.fixtures.scaned.V0002__Misplaced: it is a migration,"
                + " but in package dev.icebergops.test.fixtures.scaned, outside the configured"
                + " location classpath:dev/icebergops/test/fixtures/scanned");
  }
}
