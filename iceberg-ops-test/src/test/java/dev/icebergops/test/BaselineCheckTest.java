package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.icebergops.test.fixtures.BaselineFixtures;
import dev.icebergops.test.fixtures.Fixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The ninth standard check through JUnit's EngineTestKit: a baseline that builds what its chain
 * builds passes; one that misses a column, gets a type wrong or misses a partition field fails,
 * naming the version, the table and the column; a set without baselines is not applicable.
 */
class BaselineCheckTest {

  private static Events run(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(fixture))
        .execute()
        .testEvents();
  }

  private static Map<String, String> failures(Events events) {
    return EngineFailures.byTest(events);
  }

  @Test
  void aBaselineThatBuildsWhatItsChainBuildsPassesWithTheOtherNineChecks() {
    Events events = run(BaselineFixtures.GoodBaseline.class);

    assertThat(failures(events)).isEmpty();
    events.assertStatistics(stats -> stats.succeeded(9).aborted(1).failed(0)); // no contracts
    assertThat(events.succeeded().stream().map(e -> e.getTestDescriptor().getLegacyReportingName()))
        .anyMatch(name -> name.startsWith("baselinesMatchTheirChain"));
  }

  @Test
  void aBaselineMissingAColumnFailsNamingTheVersionTableAndColumn() {
    Map<String, String> failures = failures(run(BaselineFixtures.BaselineMissingAColumn.class));

    assertThat(failures).containsOnlyKeys("baselinesMatchTheirChain");
    assertThat(failures.get("baselinesMatchTheirChain"))
        .startsWith(
            "Expecting baseline 0003 (Baseline) to build the tables that migrating 0001..0003"
                + " builds")
        .contains(".orders differs from what the chain builds")
        .contains("Removed: region (id=5, string)");
  }

  @Test
  void aBaselineWithAWrongTypeFailsNamingTheVersionTableAndColumn() {
    Map<String, String> failures = failures(run(BaselineFixtures.BaselineWithAWrongType.class));

    assertThat(failures).containsOnlyKeys("baselinesMatchTheirChain");
    assertThat(failures.get("baselinesMatchTheirChain"))
        .contains("baseline 0003 (Baseline)")
        .contains(".orders differs from what the chain builds")
        .containsPattern("Changed: region.*string.*int");
  }

  @Test
  void aBaselineMissingAPartitionFieldFailsNamingTheVersionTableAndField() {
    Map<String, String> failures =
        failures(run(BaselineFixtures.BaselineMissingAPartitionField.class));

    assertThat(failures).containsOnlyKeys("baselinesMatchTheirChain");
    assertThat(failures.get("baselinesMatchTheirChain"))
        .contains("baseline 0003 (Baseline)")
        .contains(".orders differs from what the chain builds")
        .contains("ts_day");
  }

  @Test
  void aSetWithoutBaselinesIsNotApplicableRatherThanPassed() {
    Events events =
        EngineTestKit.engine("junit-jupiter")
            .selectors(
                selectMethod(
                    Fixtures.Reversible.class,
                    "baselinesMatchTheirChain",
                    StandardChecks.class.getName()))
            .execute()
            .testEvents();

    events.assertStatistics(stats -> stats.aborted(1).succeeded(0).failed(0));
  }

  @Test
  void aTestAtTheBaselinesVersionStartsFromTheBaselineAndIsRolledBackWithoutATrace() {
    run(BaselineFixtures.TestAtTheBaseline.class)
        .assertStatistics(stats -> stats.succeeded(1).failed(0));
  }
}
