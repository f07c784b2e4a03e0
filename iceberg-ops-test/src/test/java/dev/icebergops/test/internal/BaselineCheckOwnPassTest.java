package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStep;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.BaselineFixtures;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.iceberg.catalog.Namespace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The baseline check's own pass, without a shared journey: the chain walked in the runner's
 * namespace, each baseline applied in a scratch namespace that is gone afterwards.
 */
@ExtendWith(SharedEnvironment.class)
class BaselineCheckOwnPassTest {

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  private static MigrationSource chainWith(Class<? extends Migration> baseline) {
    return MigrationSource.of(
        Sales.V0001__CreateOrders.class,
        Sales.V0002__AddRegion.class,
        Sales.V0003__PartitionByDay.class,
        baseline);
  }

  private MigrationRunner scratch(MigrationRunner runner) {
    return runner.toBuilder().namespace(fixture.ns + "_b0003").build();
  }

  @Test
  void aGoodBaselinePassesAndLeavesNeitherTablesNorHistoryBehind() {
    MigrationRunner runner = fixture.runner(chainWith(BaselineFixtures.Good.B0003__Baseline.class));

    CheckReport report = new MigrationChecks(runner, CheckSettings.defaults()).baselines();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    assertThat(report.versions()).containsEntry("0003", CheckReport.Outcome.PASSED);
    assertThat(report.notes())
        .containsExactly(
            "baseline 0003 (Baseline) builds what migrating 0001..0003 builds: a fresh namespace"
                + " at 0003 or above starts from it");
    assertThat(report.versions()).contains(entry("0001", CheckReport.Outcome.NOT_APPLICABLE));
    assertThat(fixture.shape().tables()).isEmpty();
    assertThat(runner.current()).isEmpty();
    assertThat(fixture.catalog.namespaceExists(Namespace.of(fixture.ns + "_b0003"))).isFalse();
    assertThat(scratch(runner).history()).isEmpty();
  }

  @Test
  void aBaselineMissingAColumnFailsAtItsVersionNamingTheTableAndColumn() {
    MigrationRunner runner =
        fixture.runner(chainWith(BaselineFixtures.MissingColumn.B0003__Baseline.class));

    CheckReport report = new MigrationChecks(runner, CheckSettings.defaults()).baselines();

    assertThat(report.passed()).isFalse();
    assertThat(report.versions()).containsEntry("0003", CheckReport.Outcome.FAILED);
    assertThat(report.failureMessage())
        .startsWith("Expecting baseline 0003 (Baseline) to build the tables")
        .contains(fixture.ns + ".orders differs from what the chain builds")
        .contains("Removed: region (id=5, string)");
    assertThat(fixture.shape().tables()).isEmpty();
    assertThat(scratch(runner).history()).isEmpty();
  }

  @Test
  void aSetWithoutBaselinesPassesWithANoteThatTheCheckDoesNotApply() {
    MigrationRunner runner = fixture.runner(Sales.reversible());

    CheckReport report = new MigrationChecks(runner, CheckSettings.defaults()).baselines();

    assertThat(report.passed()).isTrue();
    assertThat(report.notes()).singleElement().asString().startsWith("not applicable: ");
    assertThat(report.versions()).containsOnlyKeys("0001", "0002", "0003", "0004", "0005");
    assertThat(report.versions().values()).containsOnly(CheckReport.Outcome.NOT_APPLICABLE);
  }

  @Test
  void theOtherChecksWalkTheChainEvenWithARunnerThatAppliesBaselines() {
    List<MigrationStep> steps = new CopyOnWriteArrayList<>();
    MigrationRunner runner =
        fixture.runner(
            chainWith(BaselineFixtures.Good.B0003__Baseline.class),
            event -> {
              if (event instanceof RunEvent.StepDone done) {
                steps.add(done.step());
              }
            });
    assertThat(RunnerSeam.appliesBaselines(runner)).isTrue();

    CheckReport report = new MigrationChecks(runner, CheckSettings.defaults()).noTrace();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(steps)
        .extracting(MigrationStep::version, MigrationStep::baseline)
        .startsWith(tuple("0001", false), tuple("0002", false), tuple("0003", false))
        .doesNotContain(tuple("0003", true));
  }
}
