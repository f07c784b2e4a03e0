package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.MigrationSuite;
import dev.icebergops.test.StandardChecks;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class StandardCheckTest {

  @Test
  void theSuitesTestMethodsAreExactlyTheChecks() {
    Set<String> suiteTests =
        Arrays.stream(MigrationSuite.class.getDeclaredMethods())
            .filter(m -> m.isAnnotationPresent(Test.class))
            .map(Method::getName)
            .collect(Collectors.toSet());

    assertThat(suiteTests)
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(StandardCheck.values()).map(StandardCheck::testMethod).toList());
  }

  @Test
  void eachSuiteTestTakesTheStandardChecks() {
    for (StandardCheck check : StandardCheck.values()) {
      assertThat(suiteMethod(check).getParameterTypes())
          .as(check.testMethod())
          .containsExactly(StandardChecks.class);
    }
  }

  @Test
  void namesAndTitlesAreDistinct() {
    assertThat(Arrays.stream(StandardCheck.values()).map(StandardCheck::toString))
        .doesNotHaveDuplicates();
    assertThat(Arrays.stream(StandardCheck.values()).map(StandardCheck::title))
        .doesNotHaveDuplicates();
  }

  private static Method suiteMethod(StandardCheck check) {
    return Arrays.stream(MigrationSuite.class.getDeclaredMethods())
        .filter(m -> m.getName().equals(check.testMethod()))
        .findFirst()
        .orElseThrow();
  }
}
