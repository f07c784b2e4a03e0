package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.SnapshotFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * {@code @IcebergMigrations(startFrom = ...)} through JUnit's EngineTestKit: a chain that works
 * from a snapshot of production as the chain left it fails on a snapshot where a column was added
 * by hand, with a message naming the version, its error and that column. The standard checks start
 * from the snapshot too: they walk the pending versions only (production's 0001 cannot be undone,
 * and is never run), back down to the snapshot's version unless {@code downTo} says a higher one,
 * and refuse a {@code downTo} below it. A snapshot that is missing, cut short or lacks a file fails
 * the class naming its location and the file.
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
        .contains("Cannot change column")
        .contains(".orders.discount from string to double")
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

  @Test
  void aTruncatedSnapshotFileFailsTheClassNamingTheLocationTheFileAndThePlace() throws IOException {
    Path copy = damagedCopy("truncated");
    Path orders = copy.resolve("tables/orders.json");
    String text = Files.readString(orders);
    Files.writeString(orders, text.substring(0, text.indexOf("\"region\"")));

    EngineExecutionResults results = run(SnapshotFixtures.FromTruncatedSnapshot.class);

    assertThat(failures(results.allEvents()))
        .singleElement(STRING)
        .startsWith("Cannot configure startFrom of @IcebergMigrations on ")
        .contains(
            ": Cannot read the snapshot at "
                + SnapshotFixtures.DAMAGED
                + "truncated/sales: tables/orders.json is not valid JSON at line 55, column 16"
                + " (Unexpected end-of-input within/between Object entries)")
        .doesNotContain("jackson", "Source:");
  }

  @Test
  void aSnapshotWithoutATableFileFailsTheClassNamingTheLocationAndTheFile() throws IOException {
    Files.delete(damagedCopy("no-table-file").resolve("tables/orders.json"));

    EngineExecutionResults results = run(SnapshotFixtures.FromSnapshotWithoutATableFile.class);

    assertThat(failures(results.allEvents()))
        .singleElement(STRING)
        .startsWith("Cannot configure startFrom of @IcebergMigrations on ")
        .endsWith(
            ": Cannot read the snapshot at "
                + SnapshotFixtures.DAMAGED
                + "no-table-file/sales: no tables/orders.json");
  }

  @Test
  void aHistoryRowThatIsNotAHistoryRowFailsTheClassNamingTheLocationTheFileAndTheRow()
      throws IOException {
    Path history = damagedCopy("bad-history-row").resolve("history.json");
    String text = Files.readString(history);
    int second = text.lastIndexOf("2026-11-02T09:15:00Z");
    Files.writeString(
        history, text.substring(0, second) + "yesterday" + text.substring(second + 20));

    EngineExecutionResults results = run(SnapshotFixtures.FromSnapshotWithABadHistoryRow.class);

    assertThat(failures(results.allEvents()))
        .singleElement(STRING)
        .startsWith("Cannot configure startFrom of @IcebergMigrations on ")
        .contains(
            ": Cannot read the snapshot at "
                + SnapshotFixtures.DAMAGED
                + "bad-history-row/sales: row 2 of history.json is not a history row (")
        .contains("yesterday");
  }

  /**
   * A fresh copy of the clean snapshot (the exporter's output) where a damaged fixture reads it.
   */
  private static Path damagedCopy(String name) throws IOException {
    Path clean = Path.of("src/test/resources/snapshots/clean/sales");
    Path copy = Path.of(SnapshotFixtures.DAMAGED, name, "sales");
    Files.createDirectories(copy.resolve("tables"));
    for (String file : List.of("snapshot.json", "history.json", "tables/orders.json")) {
      Files.copy(clean.resolve(file), copy.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
    return copy;
  }

  @Test
  void theStandardChecksStartFromTheSnapshotAndWalkOnlyThePendingVersions() {
    EngineExecutionResults results = run(SnapshotFixtures.SuiteFromCleanSnapshot.class);

    // from empty, 0001's forbidden downgrade would fail reversibility, no trace and history
    assertThat(failures(results.allEvents())).isEmpty();
    results
        .testEvents()
        .assertStatistics(stats -> stats.succeeded(8).aborted(2).failed(0)); // no contracts, and
    // the baseline check compares with the chain from empty
    assertThat(
            results.testEvents().aborted().stream()
                .map(e -> e.getTestDescriptor().getDisplayName())
                .toList())
        .containsExactlyInAnyOrder(
            "headConformsToContracts(StandardChecks)", "baselinesMatchTheirChain(StandardChecks)");
  }

  @Test
  void theStandardChecksFromASnapshotAtHeadHaveNothingPending() {
    EngineExecutionResults results = run(SnapshotFixtures.SuiteFromSnapshotAtHead.class);

    assertThat(failures(results.allEvents())).isEmpty();
    results.testEvents().assertStatistics(stats -> stats.succeeded(8).aborted(2).failed(0));
    assertThat(Path.of("target/iceberg-ops/SnapshotFixtures$SuiteFromSnapshotAtHead.md"))
        .content()
        .contains(
            "nothing is pending: the snapshot classpath:snapshots/clean/sales (at 0002) is at head");
  }

  @Test
  void theStandardChecksFailFromADriftedSnapshotNamingTheDrift() {
    EngineExecutionResults results = run(SnapshotFixtures.SuiteFromDriftedSnapshot.class);

    assertThat(EngineFailures.byTest(results.testEvents()).get("upgradesFromEmptyToHead"))
        .contains("Expecting migration 0003")
        .contains("from the snapshot classpath:snapshots/drifted/sales (at 0002)")
        .contains(".orders.discount from string to double")
        .contains("The snapshot drifted from what the migrations make")
        .contains(".orders: column discount (string) is not made by the migrations");
  }

  @Test
  void theStandardChecksRollBackToTheSnapshotsVersionByDefault() {
    EngineExecutionResults results = run(SnapshotFixtures.LeakyFromSnapshot.class);

    assertThat(EngineFailures.byTest(results.testEvents()).get("fullRollbackLeavesNoTrace"))
        .contains("Expecting a rollback from head (0004) to 0002 to leave no trace in ")
        .contains("note");
  }

  @Test
  void anExplicitDownToAboveTheSnapshotIsHonoured() {
    EngineExecutionResults results = run(SnapshotFixtures.LeakyFromSnapshotDownTo0003.class);

    assertThat(EngineFailures.byTest(results.testEvents()).get("fullRollbackLeavesNoTrace"))
        .contains("Expecting a rollback from head (0004) to 0003 to leave no trace in ")
        .contains("note");
  }

  @Test
  void aDownToBelowTheSnapshotFailsTheClassOnce() {
    EngineExecutionResults results = run(SnapshotFixtures.DownToBelowTheSnapshot.class);

    assertThat(failures(results.allEvents()))
        .singleElement(STRING)
        .startsWith("Cannot configure downTo of @IcebergMigrations on ")
        .contains(
            ": 0001 is below 0002, the version of the snapshot classpath:snapshots/clean/sales");
  }
}
