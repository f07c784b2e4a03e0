package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.gapped.FailOnSkipped;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * failOnSkippedMigrations, set on the annotation or the builder, turns the warning about a
 * migration in a mistyped package into the failure of each test's migrate, naming the class.
 */
class FailOnSkippedMigrationsTest {

  @ParameterizedTest
  @ValueSource(classes = {FailOnSkipped.Annotated.class, FailOnSkipped.Built.class})
  void aMigrationInAMistypedPackageFailsTheTestsMigrate(Class<?> fixture) {
    List<String> failures =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(fixture))
            .execute()
            .testEvents()
            .failed()
            .stream()
            .map(
                e ->
                    e.getPayload(TestExecutionResult.class)
                        .flatMap(TestExecutionResult::getThrowable)
                        .map(Throwable::getMessage)
                        .orElse(""))
            .toList();

    assertThat(failures)
        .singleElement()
        .asString()
        .startsWith("Cannot migrate ")
        .contains(
            ": failOnSkippedMigrations is on, and the source skips 1 migration: Skipping"
                + " dev.icebergops.test.fixtures.gapped.icebreg.V0002__AddNote: it is a migration,"
                + " but in package dev.icebergops.test.fixtures.gapped.icebreg, outside the"
                + " configured location classpath:dev/icebergops/test/fixtures/gapped/iceberg");
  }
}
