package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.Fixtures;
import dev.icebergops.testsupport.StandardError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The standard checks' verdicts kept between runs, on the real REST catalog and S3 store: each run
 * below is a new engine run of one {@link MigrationSuite} class, as a developer's re-run is, with
 * the cache in a directory of the test's. A re-run with the same inputs takes every check's passing
 * verdict from the cache and walks nothing; any changed input, or a check that failed, walks.
 */
class SuiteVerdictsTest {

  private static final String WALKED = "Walked the standard checks' shared journey of ";

  /** The cache the class's one first run of Orders filled; the tests that start there copy it. */
  @TempDir static Path firstCache;

  private static Run first;

  @TempDir Path cache;
  @TempDir Path reports;

  @BeforeEach
  void contracts() throws IOException {
    writeContract("");
  }

  @Test
  void aReRunWithAnUnchangedChainTakesEveryVerdictFromTheCacheAndSaysWhichRunGaveIt()
      throws IOException {
    Run first = firstRun();
    assertThat(first.walks()).as("journeys walked in the first run").isEqualTo(1);
    assertThat(first.fromCache()).as("verdicts from the cache in the first run").isEmpty();

    Run again = run(VerdictFixtures.Orders.class, cache.toString());
    assertThat(again.walks()).as("journeys walked in the re-run").isZero();
    assertThat(again.fromCache())
        .as("the re-run's report entries, one per check kept")
        .hasSize(8)
        .allMatch(e -> e.contains("passed from the cache: the verdict of the run of Orders at "));
    String page = Files.readString(reports.resolve("VerdictFixtures$Orders.md"));
    assertThat(page)
        .contains("9 passed (8 from the cache of an earlier run), 0 failed, 1 not applicable")
        .contains("passed from the cache: the verdict of the run of Orders at ");
  }

  @Test
  void anEditedMigrationARenumberedOneAChangedSettingOrAnEditedContractEachWalksAgain()
      throws IOException {
    firstRun();

    for (Class<?> changed :
        List.of(
            VerdictFixtures.OrdersEdited.class,
            VerdictFixtures.OrdersReordered.class,
            VerdictFixtures.OrdersStrict.class)) {
      Run run = run(changed, cache.toString());
      assertThat(run.walks()).as("journeys walked by %s", changed.getSimpleName()).isEqualTo(1);
      assertThat(run.fromCache()).as("verdicts from the cache").isEmpty();
    }
    writeContract("  - name: region\n    type: string\n");
    Run edited = run(VerdictFixtures.Orders.class, cache.toString());
    assertThat(edited.walks()).as("journeys walked once the contract was edited").isEqualTo(1);
    assertThat(edited.fromCache()).as("verdicts from the cache").isEmpty();
  }

  @Test
  void aFailedCheckRunsAgainInTheNextRunWhileThosePassedComeFromTheCache() {
    run(Fixtures.NonReversible.class, cache.toString());

    Run again = run(Fixtures.NonReversible.class, cache.toString());
    assertThat(again.walks()).as("journeys walked for the checks that failed").isEqualTo(1);
    assertThat(again.events().failed().stream())
        .as("tests that failed again")
        .extracting(e -> e.getTestDescriptor().getDisplayName())
        .contains("everyDowngradeReversesItsUpgrade(StandardChecks)")
        .doesNotContain("upgradesFromEmptyToHead(StandardChecks)");
    assertThat(again.fromCache())
        .as("verdicts from the cache")
        .isNotEmpty()
        .noneMatch(e -> e.contains("reversib"));
  }

  @Test
  void aDamagedVerdictIsAMissWithAWarningAndIsKeptAnew() throws IOException {
    firstRun();
    List<Path> kept;
    try (Stream<Path> files = Files.walk(cache.resolve("verdicts"))) {
      kept = files.filter(f -> f.toString().endsWith(".bin")).toList();
    }
    assertThat(kept).as("verdicts kept by the first run").hasSize(8);
    Path reversibility = kept.get(0).resolveSibling("reversibility.bin"); // one the journey gives
    byte[] bytes = Files.readAllBytes(reversibility);
    Files.write(reversibility, Arrays.copyOf(bytes, bytes.length / 2)); // cut short

    Run damaged = run(VerdictFixtures.Orders.class, cache.toString());
    assertThat(damaged.walks()).as("journeys walked for the damaged verdict").isEqualTo(1);
    assertThat(damaged.fromCache()).as("verdicts from the cache").hasSize(7);
    assertThat(damaged.log().lines().filter(line -> line.contains("WARN")))
        .as("warnings")
        .singleElement()
        .asString()
        .contains("Cannot use the kept verdict", reversibility.getFileName().toString());
    assertThat(damaged.events().failed().count()).as("tests that failed").isZero();

    Run after = run(VerdictFixtures.Orders.class, cache.toString());
    assertThat(after.walks()).as("journeys walked once it was kept anew").isZero();
    assertThat(after.fromCache()).hasSize(8);
  }

  @Test
  void withTheCacheOffEveryRunWalks() {
    run(VerdictFixtures.Orders.class, "off");

    Run again = run(VerdictFixtures.Orders.class, "off");
    assertThat(again.walks()).as("journeys walked in the second run").isEqualTo(1);
    assertThat(again.fromCache()).as("verdicts from the cache").isEmpty();
  }

  /**
   * The first run of Orders with the cache empty, run once for the class (a run the tests would
   * each repeat alike), its cache copied to the test's.
   */
  private Run firstRun() throws IOException {
    synchronized (SuiteVerdictsTest.class) {
      if (first == null) {
        first = run(VerdictFixtures.Orders.class, firstCache.toString());
      }
    }
    try (Stream<Path> files = Files.walk(firstCache)) {
      for (Path from : files.toList()) {
        Path to = cache.resolve(firstCache.relativize(from).toString());
        if (Files.isDirectory(from)) {
          Files.createDirectories(to);
        } else {
          Files.copy(from, to);
        }
      }
    }
    return first;
  }

  /** One engine run of a class: its events, and what it logged. */
  private record Run(Events events, String log) {

    long walks() {
      return log.split(WALKED, -1).length - 1;
    }

    List<String> fromCache() {
      return events.reportingEntryPublished().stream()
          .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get("iceberg-ops"))
          .toList();
    }
  }

  private Run run(Class<?> suite, String cacheSetting) {
    Events[] events = new Events[1];
    String log =
        StandardError.capture(
            () ->
                events[0] =
                    EngineTestKit.engine("junit-jupiter")
                        .configurationParameter(TemplateCache.PROPERTY, cacheSetting)
                        .configurationParameter(ClassReports.DIRECTORY, reports.toString())
                        .selectors(selectClass(suite))
                        .execute()
                        .allEvents());
    return new Run(events[0], log);
  }

  /** The contract of orders at head of every fixture here: its id, and {@code more} columns. */
  private static void writeContract(String more) throws IOException {
    Path dir = Path.of(VerdictFixtures.CONTRACTS);
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("orders.yaml"),
        "columns:\n  - name: id\n    type: long\n    required: true\n" + more);
  }
}
