package dev.icebergops.tooling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationStep;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class MigrateSummaryTest {

  @Test
  void aRunThatAppliedVersionsEndsWithTheirSumAndTheWallTimeOfTheWholeMigrate() {
    MigrationResult result =
        new MigrationResult(
            "sales",
            List.of(
                new MigrationStep("0250", "Baseline", Duration.ofMillis(412), true),
                new MigrationStep("0251", "Add note", Duration.ofMillis(160))),
            "0251",
            null,
            "0250");

    assertThat(MigrateSummary.lines(result, Duration.ofMillis(1204)))
        .containsExactly(
            "sales is now at 0251 (from baseline 0250)",
            "2 versions in 572 ms; the whole migrate took 1204 ms");
  }

  @Test
  void aRunThatAppliedNothingSaysWhereTheNamespaceIsAndNothingElse() {
    MigrationResult result = new MigrationResult("sales", List.of(), "0251");

    assertThat(MigrateSummary.lines(result, Duration.ofMillis(80)))
        .containsExactly("Nothing to apply: sales is at 0251");
  }
}
