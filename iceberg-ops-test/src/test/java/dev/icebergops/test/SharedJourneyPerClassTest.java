package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.test.fixtures.Fixtures;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testsupport.StandardError;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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

  /**
   * The declarations check classes the upgrades the journey walked: no version is upgraded in the
   * declarations test's own namespace, not even on a preview's shadow of it.
   */
  @Test
  void theDeclarationsCheckTakesItsVerdictFromTheJourney(@TempDir Path reports) {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter(ClassReports.DIRECTORY, reports.toString())
        .selectors(selectClass(Noted.class))
        .execute()
        .testEvents()
        .assertStatistics(stats -> stats.succeeded(8).aborted(2).failed(0));

    assertThat(UPGRADED)
        .as("the namespaces 0001 was upgraded in")
        .isNotEmpty()
        .anyMatch(ns -> ns.startsWith("noted_journey_"))
        .noneMatch(ns -> ns.startsWith("noted_destructivechangesaredeclared"));
  }

  /** Each upgrade of {@link V0001__CreateNotedOrders}, by the namespace it ran in. */
  private static final List<String> UPGRADED = new CopyOnWriteArrayList<>();

  @IcebergMigrations(classes = {V0001__CreateNotedOrders.class, Sales.V0002__AddRegion.class})
  public static class Noted implements MigrationSuite {}

  /** {@link Sales.V0001__CreateOrders}, noting the namespace of each upgrade. */
  public static class V0001__CreateNotedOrders extends Sales.V0001__CreateOrders {
    @Override
    public void upgrade(MigrationContext ctx) {
      UPGRADED.add(ctx.namespace());
      super.upgrade(ctx);
    }
  }
}
