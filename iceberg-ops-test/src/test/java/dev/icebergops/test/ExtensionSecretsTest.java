package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import dev.icebergops.test.fixtures.Fixtures;
import dev.icebergops.testsupport.StandardError;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs fixture classes through the extension, passing and failing, and checks that the store's keys
 * appear nowhere: not in SLF4J's output (captured from standard error, where slf4j-simple writes),
 * not in any failure's message or stack trace, not in what a test prints about the environment.
 */
class ExtensionSecretsTest {

  private static final String[] SECRETS = {
    EmbeddedEnvironment.SECRET_KEY, EmbeddedEnvironment.ACCESS_KEY
  };

  @Test
  void runsOfPassingAndFailingClassesShowNoSecret() {
    List<String> failures = new ArrayList<>();
    String log =
        StandardError.capture(
            () -> {
              for (Class<?> fixture :
                  List.of(
                      Fixtures.Plain.class,
                      Fixtures.MissingTable.class,
                      Fixtures.MissingLocation.class,
                      Fixtures.PrintsEnvironment.class)) {
                EngineTestKit.engine("junit-jupiter")
                    .selectors(selectClass(fixture))
                    .execute()
                    .allEvents()
                    .failed()
                    .stream()
                    .map(ExtensionSecretsTest::stackTrace)
                    .forEach(failures::add);
              }
            });

    assertThat(log).as("the capture saw the extension's log").contains("namespace");
    assertThat(log).doesNotContain(SECRETS);
    assertThat(failures).hasSizeGreaterThanOrEqualTo(3);
    assertThat(failures).allSatisfy(trace -> assertThat(trace).doesNotContain(SECRETS));
    assertThat(failures)
        .anySatisfy(
            trace ->
                assertThat(trace)
                    .contains("environment EmbeddedEnvironment{catalog=http://127.0.0.1:")
                    .contains("s3.secret-access-key=****"));
  }

  private static String stackTrace(Event event) {
    Throwable failure =
        event
            .getPayload(TestExecutionResult.class)
            .flatMap(TestExecutionResult::getThrowable)
            .orElseThrow();
    StringWriter out = new StringWriter();
    failure.printStackTrace(new PrintWriter(out));
    return out.toString();
  }
}
