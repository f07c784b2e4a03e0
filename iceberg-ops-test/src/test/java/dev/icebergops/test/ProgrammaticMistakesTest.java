package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.BuilderFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** Mistakes in the builder form fail the class once, with one message naming the culprit. */
class ProgrammaticMistakesTest {

  private static EngineExecutionResults run(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture)).execute();
  }

  private static Throwable thrown(Event event) {
    return event
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .orElseThrow();
  }

  @Test
  void aWrongLocationFailsTheClassOnceAndRunsNoTest() {
    EngineExecutionResults results = run(BuilderFixtures.MissingLocation.class);

    results.testEvents().assertStatistics(stats -> stats.started(0));
    assertThat(results.containerEvents().failed().list())
        .singleElement()
        .extracting(ProgrammaticMistakesTest::thrown)
        .isInstanceOf(ExtensionConfigurationException.class)
        .extracting(Throwable::getMessage)
        .asString()
        .startsWith(
            "Cannot load the migrations of @IcebergMigrations on "
                + BuilderFixtures.MissingLocation.class.getName())
        .contains("Cannot find migrations at classpath:dev/icebergops/nowhere");
  }

  @Test
  void theAnnotationAndTheBuilderOnOneClassAreRefused() {
    EngineExecutionResults results = run(BuilderFixtures.AnnotationAndBuilder.class);

    results.testEvents().assertStatistics(stats -> stats.started(0));
    assertThat(results.containerEvents().failed().list())
        .singleElement()
        .extracting(ProgrammaticMistakesTest::thrown)
        .extracting(Throwable::getMessage)
        .isEqualTo(
            "Cannot configure iceberg-ops for "
                + BuilderFixtures.AnnotationAndBuilder.class.getName()
                + ": it has both @IcebergMigrations and a registered IcebergMigrationsExtension;"
                + " keep one");
  }

  @Test
  void anInstanceFieldRegistrationIsRefused() {
    assertThat(run(BuilderFixtures.InstanceField.class).testEvents().failed().list())
        .singleElement()
        .extracting(ProgrammaticMistakesTest::thrown)
        .extracting(Throwable::getMessage)
        .isEqualTo(
            "Cannot configure iceberg-ops for "
                + BuilderFixtures.InstanceField.class.getName()
                + ": register IcebergMigrationsExtension in a static field");
  }
}
