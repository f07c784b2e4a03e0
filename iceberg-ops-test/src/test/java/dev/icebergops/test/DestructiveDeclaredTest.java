package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.icebergops.test.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The declarations check through JUnit's EngineTestKit: a version that drops a column without
 * declaring it fails, naming the version, the table, the column and the annotation to add; the same
 * drop declared with {@code @Destructive} passes, and the report shows the declaration; a set of
 * additive changes only passes.
 */
class DestructiveDeclaredTest {

  private static final String CHECK = "destructiveChangesAreDeclared";

  /** The declarations check alone on the class, its report written to {@code reports}. */
  private static Events run(Class<?> fixture, Path reports) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter(ClassReports.DIRECTORY, reports.toString())
        .selectors(selectMethod(fixture, CHECK, StandardChecks.class.getName()))
        .execute()
        .testEvents();
  }

  @Test
  void anUndeclaredDropFailsNamingTheVersionTableColumnAndAnnotation(@TempDir Path reports) {
    Map<String, String> failures =
        EngineFailures.byTest(run(Fixtures.UndeclaredDrop.class, reports));

    assertThat(failures).containsOnlyKeys(CHECK);
    assertThat(failures.get(CHECK))
        .startsWith("Expecting migration 0002 (Drop ts) to declare its destructive changes, but ")
        .containsPattern(
            "\\.orders column ts: removed column ts \\(id=\\d+, timestamptz\\) is destructive and"
                + " not declared")
        .endsWith("declare it on the migration class with @Destructive(\"<why>\")");
  }

  @Test
  void theSameDropDeclaredPassesAndTheReportShowsTheDeclaration(@TempDir Path reports)
      throws IOException {
    run(Fixtures.DeclaredDestructiveDrop.class, reports)
        .assertStatistics(stats -> stats.succeeded(1).failed(0));

    assertThat(Files.readString(reports.resolve("Fixtures$DeclaredDestructiveDrop.md")))
        .contains("| declared | passed |")
        .contains(
            "migration 0002 (Drop ts declared) declares destructive: drops orders.ts: the event"
                + " time moved to the events table");
  }

  @Test
  void aSetOfAdditiveChangesPasses(@TempDir Path reports) {
    run(Fixtures.OnlyAdditive.class, reports)
        .assertStatistics(stats -> stats.succeeded(1).failed(0));
  }
}
