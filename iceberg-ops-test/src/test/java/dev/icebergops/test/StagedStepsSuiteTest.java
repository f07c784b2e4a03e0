package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.StagedPayments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The standard tests follow data steps staged on a branch: the backfilled values are read after the
 * publish, a staged downgrade restores what its upgrade rewrote, and no branch or tag is left.
 */
class StagedStepsSuiteTest {

  @Test
  void aStagedBackfillAndAStagedDowngradePassEveryStandardCheckAndTheReportNamesTheStagedSteps(
      @TempDir Path dir) throws IOException {
    Events events =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(ClassReports.DIRECTORY, dir.toString())
            .selectors(selectClass(StagedPayments.Suite.class))
            .execute()
            .testEvents();

    assertThat(
            events.failed().stream()
                .map(
                    e ->
                        e.getPayload(TestExecutionResult.class)
                            .flatMap(TestExecutionResult::getThrowable)
                            .map(Throwable::getMessage)
                            .orElse("")))
        .isEmpty();
    events.assertStatistics(stats -> stats.failed(0).succeeded(8).aborted(2));

    String report =
        Files.readString(dir.resolve(ClassReports.title(StagedPayments.Suite.class) + ".md"));
    assertThat(report)
        .containsPattern(
            "migration 0002 \\(Stage amount in cents\\) staged data of (suite_\\w+)\\.payments on"
                + " branch stage_\\1_0002_payments, audited there and published onto main in one"
                + " commit")
        .containsPattern(
            "the downgrade of migration 0003 \\(Stage prefixed notes\\) staged data of"
                + " (suite_\\w+)\\.payments on branch stage_\\1_0003_payments, audited");
  }
}
