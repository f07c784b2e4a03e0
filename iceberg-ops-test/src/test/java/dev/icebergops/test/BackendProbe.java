package dev.icebergops.test;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.fixtures.BackendFixtures;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs one of {@link BackendFixtures}' classes through the extension and tells how it went; called
 * reflectively by {@link BackendModulesTest} inside a class loader whose class path lacks a
 * backend's artifact, so that the run sees only the classes that loader has.
 */
public final class BackendProbe {

  private BackendProbe() {}

  /**
   * Runs the fixture with {@value Backend#PROPERTY} set to {@code backend}.
   *
   * @return {@code "passed: <simple name of the environment's class>"}, or {@code "failed: "} and
   *     the message of each failure
   */
  public static String run(String fixture, String backend, String key) throws Exception {
    Class<?> type = Class.forName(fixture);
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(Backend.PROPERTY, backend)
            .selectors(selectClass(type))
            .execute();
    String failures =
        results.allEvents().failed().stream()
            .map(BackendProbe::message)
            .collect(Collectors.joining("\n"));
    if (!failures.isEmpty() || results.testEvents().succeeded().count() != 1) {
      return "failed: " + failures;
    }
    return "passed: " + BackendFixtures.SEEN.get(key).getClass().getSimpleName();
  }

  private static String message(Event event) {
    return event
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage)
        .orElse("");
  }
}
