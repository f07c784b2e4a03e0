package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.ParallelFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/** Two test classes running in parallel share one environment and never see each other's tables. */
class ParallelClassesTest {

  @Test
  @SuppressWarnings("unchecked")
  void parallelClassesShareOneEnvironmentAndKeepTheirTablesApart() {
    ParallelFixtures.SEEN.clear();
    ParallelFixtures.MEET.reset();

    Events events =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
            .configurationParameter("junit.jupiter.execution.parallel.mode.default", "concurrent")
            .configurationParameter(
                "junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
            .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
            .configurationParameter(
                "junit.jupiter.execution.parallel.config.fixed.parallelism", "2")
            .selectors(
                selectClass(ParallelFixtures.First.class),
                selectClass(ParallelFixtures.Second.class))
            .execute()
            .testEvents();
    assertThat(events.failed().stream().map(ParallelClassesTest::failure).toList())
        .as("fixture tests that failed")
        .isEmpty();
    assertThat(events.succeeded().count()).as("fixture tests that passed").isEqualTo(2);

    List<Object> first = ParallelFixtures.SEEN.get("first");
    List<Object> second = ParallelFixtures.SEEN.get("second");
    assertThat(first.get(0)).as("one environment for both classes").isSameAs(second.get(0));
    assertThat(first.get(1)).as("namespaces").isNotEqualTo(second.get(1));
    assertThat(first.get(2)).as("tables the first class saw").isEqualTo(java.util.Set.of("orders"));
    assertThat((List<Object>) first.get(3))
        .contains("written_by_first")
        .doesNotContain("written_by_second");
    assertThat((List<Object>) second.get(3))
        .contains("written_by_second")
        .doesNotContain("written_by_first");
  }

  private static String failure(Event event) {
    return event.getTestDescriptor().getDisplayName()
        + ": "
        + event
            .getRequiredPayload(TestExecutionResult.class)
            .getThrowable()
            .map(Throwable::toString)
            .orElse("(no exception)");
  }
}
