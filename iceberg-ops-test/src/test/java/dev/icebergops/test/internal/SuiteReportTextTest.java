package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.test.internal.CheckReport.Outcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plain-text versions table that the suite's log message ends with. */
class SuiteReportTextTest {

  /** A migration that is never run: the report only needs versions and descriptions. */
  static final class Unused extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {}

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  private static ResolvedMigration migration(String version, String description) {
    return new ResolvedMigration(version, description, new Unused(), null);
  }

  private static CheckReport report(StandardCheck check, Map<String, Outcome> versions) {
    return new CheckReport(
        check, List.of(), List.of(), List.of(), versions, Map.of(), List.of(), Map.of());
  }

  @Test
  void eachVersionGetsOneAlignedLineWithEveryChecksOutcome() {
    SuiteReport report = new SuiteReport("SalesMigrationsTest");
    report.migrations(
        List.of(migration("0001", "Create orders"), migration("0002", "Retype duration")));
    report.add(
        report(StandardCheck.WELL_FORMED, Map.of("0001", Outcome.PASSED, "0002", Outcome.PASSED)));
    report.add(
        new CheckReport(
            StandardCheck.REVERSIBILITY,
            List.of("Expecting migration 0002 (Retype duration) to be reversible, but ..."),
            List.of(),
            List.of(),
            Map.of("0001", Outcome.PASSED, "0002", Outcome.FAILED),
            Map.of(),
            List.of(),
            Map.of()));
    report.add(report(StandardCheck.NO_TRACE, Map.of("0002", Outcome.PASSED)));
    report.skipped(StandardCheck.CONTRACTS, "no contracts location");

    assertThat(report.versionsText())
        .isEqualTo(
            String.join(
                "\n",
                "  version  description      well formed  upgrade to head  reversible  no trace"
                    + "  idempotent  contracts  history  data survives  baselines  declared",
                "  0001     Create orders    passed       not run          passed      -"
                    + "         not run     -          not run  not run        not run    not run",
                "  0002     Retype duration  passed       not run          FAILED      passed"
                    + "    not run     -          not run  not run        not run    not run"));
  }

  @Test
  void aSetWithoutVersionsGivesTheHeaderOnly() {
    SuiteReport report = new SuiteReport("Empty");
    report.skipped(StandardCheck.CONTRACTS, "no contracts location");

    assertThat(report.versionsText())
        .isEqualTo(
            "  version  description  well formed  upgrade to head  reversible  no trace"
                + "  idempotent  contracts  history  data survives  baselines  declared");
  }
}
