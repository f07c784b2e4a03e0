package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.SnapshotFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * {@code @IcebergMigrations(startFrom = ...)} through JUnit's EngineTestKit: a chain that works
 * from a snapshot of production as the chain left it fails on a snapshot where a column was added
 * by hand, with a message naming the version, its error and that column.
 */
class StartFromSnapshotTest {

  private static EngineExecutionResults run(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture)).execute();
  }

  private static List<String> failures(Events events) {
    return events.failed().stream().map(EngineFailures::message).toList();
  }

  @Test
  void theChainPassesFromAnUndriftedSnapshot() {
    EngineExecutionResults results = run(SnapshotFixtures.FromCleanSnapshot.class);

    assertThat(failures(results.allEvents())).isEmpty();
    results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
  }

  @Test
  void theChainFailsFromADriftedSnapshotNamingTheDriftThatBrokeIt() {
    EngineExecutionResults results = run(SnapshotFixtures.FromDriftedSnapshot.class);

    results.testEvents().assertStatistics(stats -> stats.succeeded(0).failed(1));
    assertThat(failures(results.allEvents()))
        .singleElement(STRING)
        .contains("from the snapshot classpath:snapshots/drifted/sales (at 0002) to head")
        .contains("0003")
        .contains("Cannot add column")
        .contains("discount: it already exists")
        .contains("The snapshot drifted from what the migrations make")
        .contains(".orders: column discount (string) is not made by the migrations");
  }

  @Test
  void aSnapshotThatIsNotThereFailsTheClassNamingTheLocation() {
    EngineExecutionResults results = run(SnapshotFixtures.FromMissingSnapshot.class);

    assertThat(failures(results.allEvents()))
        .singleElement(STRING)
        .startsWith("Cannot configure startFrom of @IcebergMigrations on ")
        .contains("classpath:snapshots/nowhere/sales: no snapshot.json on the classpath");
  }
}
