package dev.icebergops.test;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/** The failures of a fixture class run through JUnit's EngineTestKit, as messages. */
final class EngineFailures {

  private EngineFailures() {}

  /** Test method name to its failure message, for the tests that failed. */
  static Map<String, String> byTest(Events events) {
    return events.failed().stream()
        .collect(
            Collectors.toMap(
                event -> event.getTestDescriptor().getLegacyReportingName().replaceAll("\\(.*", ""),
                EngineFailures::message));
  }

  /** The message of a failed event's throwable, or an empty string. */
  static String message(Event event) {
    return event
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage)
        .orElse("");
  }
}
