package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** The standard tests of one class take their verdicts from one journey, walked once. */
class SharedJourneyPerClassTest {

  @Test
  void theStandardTestsOfAClassWalkOneJourney(@TempDir Path reports) {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    Events tests;
    try {
      tests =
          EngineTestKit.engine("junit-jupiter")
              .configurationParameter(ClassReports.DIRECTORY, reports.toString())
              .selectors(selectClass(Fixtures.Reversible.class))
              .execute()
              .testEvents();
    } finally {
      System.setErr(err);
    }

    // seven pass; the contracts and baselines tests are skipped: the class has neither
    tests.assertStatistics(stats -> stats.succeeded(7).aborted(2).failed(0));
    String log = captured.toString(StandardCharsets.UTF_8);
    assertThat(log.split("Walked the standard checks' shared journey of Reversible in ", -1))
        .as("slf4j-simple's output, logger dev.icebergops.test.IcebergMigrations")
        .hasSize(2);
    assertThat(log).doesNotContain(" check runs on its own");
  }
}
