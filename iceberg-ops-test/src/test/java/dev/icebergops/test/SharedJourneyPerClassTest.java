package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.Fixtures;
import dev.icebergops.testsupport.StandardError;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The standard tests of one class take their verdicts from one journey, walked once. */
class SharedJourneyPerClassTest {

  @Test
  void theStandardTestsOfAClassWalkOneJourney(@TempDir Path reports) {
    String log =
        StandardError.capture(
            () ->
                EngineTestKit.engine("junit-jupiter")
                    .configurationParameter(ClassReports.DIRECTORY, reports.toString())
                    .selectors(selectClass(Fixtures.Reversible.class))
                    .execute()
                    .testEvents()
                    // eight pass; the contracts and baselines tests are skipped: the class has
                    // neither
                    .assertStatistics(stats -> stats.succeeded(8).aborted(2).failed(0)));
    assertThat(log.split("Walked the standard checks' shared journey of Reversible in ", -1))
        .as("slf4j-simple's output, logger dev.icebergops.test.IcebergMigrations")
        .hasSize(2);
    assertThat(log).doesNotContain(" check runs on its own");
  }
}
