package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.test.fixtures.SharedHistoryFixtures;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The tests of a class share one history table: concurrently, without seeing each other's rows, and
 * the table goes with every row when the class ends.
 */
class SharedHistoryTest {

  @Test
  void testsOfAClassShareOneHistoryTableThatGoesWithTheClass() {
    SharedHistoryFixtures.reset();

    Events events =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
            .configurationParameter("junit.jupiter.execution.parallel.mode.default", "same_thread")
            .configurationParameter(
                "junit.jupiter.execution.parallel.mode.classes.default", "same_thread")
            .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
            .configurationParameter(
                "junit.jupiter.execution.parallel.config.fixed.parallelism", "4")
            .configurationParameter(
                "junit.jupiter.testclass.order.default",
                "org.junit.jupiter.api.ClassOrderer$OrderAnnotation")
            .selectors(
                selectClass(SharedHistoryFixtures.Concurrent.class),
                selectClass(SharedHistoryFixtures.After.class))
            .execute()
            .testEvents();
    assertThat(failures(events)).as("the fixtures' failed tests, with their errors").isEmpty();
    events.assertStatistics(stats -> stats.succeeded(3).failed(0));

    assertThat(SharedHistoryFixtures.HISTORY).as("the tests that wrote history").hasSize(2);
    Set<TableIdentifier> tables = Set.copyOf(SharedHistoryFixtures.HISTORY.values());
    assertThat(tables).as("history tables of the class").hasSize(1);
    String metaNamespace = tables.iterator().next().namespace().toString();
    assertThat(metaNamespace).matches("concurrent_history_[0-9a-f]{8}");
    SharedHistoryFixtures.HISTORY
        .keySet()
        .forEach(
            namespace ->
                assertThat(SharedHistoryFixtures.SEEN.get(namespace))
                    .as("namespaces of the rows the runner of %s read", namespace)
                    .isEqualTo(List.of(namespace, namespace)));
    SharedHistoryFixtures.LEFT.forEach(
        (namespace, left) -> {
          assertThat(left.rows())
              .as("history rows of %s after its test, until the class ends", namespace)
              .isNotEmpty()
              .allSatisfy(row -> assertThat(row.namespace()).isEqualTo(namespace));
          assertThat(left.lease()).as("run lease of %s after its test", namespace).isEmpty();
        });
    assertThat(SharedHistoryFixtures.LEFT.values())
        .extracting(NamespaceHistory::namespace)
        .containsExactlyInAnyOrderElementsOf(SharedHistoryFixtures.HISTORY.keySet());
    assertThat(SharedHistoryFixtures.EXISTS_AFTER)
        .as("history namespace after its class")
        .containsExactly(java.util.Map.entry(metaNamespace, false));
    assertThat(SharedHistoryFixtures.FILES_AFTER)
        .as("objects left under the history table's location after its class")
        .hasSize(1)
        .allSatisfy((location, files) -> assertThat(files).isEmpty());
  }

  /** Each failed test of the fixtures, with its error: what the statistics alone do not show. */
  private static List<String> failures(Events events) {
    return events
        .failed()
        .map(
            event ->
                event.getTestDescriptor().getDisplayName()
                    + ": "
                    + event
                        .getPayload(TestExecutionResult.class)
                        .flatMap(TestExecutionResult::getThrowable)
                        .map(Throwable::toString)
                        .orElse("no error"))
        .toList();
  }

  @Test
  void aTestThatRanNoMigrationCommitsNothingToTheHistoryTable() {
    SharedHistoryFixtures.reset();

    EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(SharedHistoryFixtures.Idle.class))
        .execute()
        .testEvents()
        .assertStatistics(stats -> stats.succeeded(3).failed(0));

    Integer afterFirstIdle = SharedHistoryFixtures.SNAPSHOTS_AT_START.get("runsNoMigrationEither");
    assertThat(afterFirstIdle)
        .as("history snapshots after a test that ran no migration")
        .isEqualTo(SharedHistoryFixtures.SNAPSHOTS_AT_START.get("runsNoMigration"));
  }
}
