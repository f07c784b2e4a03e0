package dev.icebergops.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrationSuite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Every migration of the guide runs through {@link MigrationSuite}: each package of this module
 * that holds {@code V<NNNN>__} migrations is the location of a test class that implements it (all
 * ten standard checks, idempotency included), and the guide's deliberately failing upgrade fails
 * them.
 */
class GuideMigrationSetsTest {

  static final Path SOURCES = GuideCodeBlocksTest.DOCS.resolve("src/test/java");

  private static final Pattern MIGRATION = Pattern.compile("[VB]\\d{4}__\\w+\\.java");
  private static final Pattern LOCATION = Pattern.compile("\"classpath:([\\w/]+)\"");

  /** The guide's failing set, run only through EngineTestKit (its name does not end in Test). */
  @IcebergMigrations(locations = "classpath:com/acme/shop/failing")
  static class FailingSet implements MigrationSuite {}

  /** The packages of this module's test sources that hold migrations, as class path locations. */
  private static Set<String> migrationSets() throws IOException {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      return files
          .filter(f -> MIGRATION.matcher(f.getFileName().toString()).matches())
          .map(f -> SOURCES.relativize(f.getParent()).toString().replace('\\', '/'))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  /** The locations named by the test sources that implement MigrationSuite, by source file. */
  private static Map<String, Set<String>> suites() throws IOException {
    Map<String, Set<String>> suites = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String source = Files.readString(file);
        if (!source.contains("implements MigrationSuite")) {
          continue;
        }
        Set<String> locations = new TreeSet<>();
        Matcher m = LOCATION.matcher(source);
        while (m.find()) {
          locations.add(m.group(1));
        }
        suites.put(SOURCES.relativize(file).toString(), locations);
      }
    }
    return suites;
  }

  @Test
  void everyMigrationSetOfTheGuideIsTheLocationOfAMigrationSuite() throws IOException {
    Set<String> sets = migrationSets();
    Set<String> covered = new TreeSet<>();
    suites().values().forEach(covered::addAll);

    assertThat(sets)
        .as("the guide's migration sets")
        .contains("com/acme/shop/db/iceberg", "com/acme/shop/gate", "com/acme/shop/audit");
    assertThat(covered)
        .as("locations of the MigrationSuite classes %s", suites())
        .containsAll(sets);
  }

  @Test
  void theGuidesFailingUpgradeFailsTheStandardChecksWithItsError() {
    Map<String, String> failures =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(FailingSet.class))
            .execute()
            .testEvents()
            .failed()
            .stream()
            .collect(
                Collectors.toMap(
                    e -> e.getTestDescriptor().getLegacyReportingName().replaceAll("\\(.*", ""),
                    GuideMigrationSetsTest::message));

    assertThat(failures).containsKey("upgradesFromEmptyToHead");
    assertThat(failures.get("upgradesFromEmptyToHead"))
        .contains("0002")
        .contains("the reason codes are not loaded yet");
  }

  private static String message(Event event) {
    return event
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::toString)
        .orElse("");
  }
}
