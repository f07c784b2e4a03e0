package dev.icebergops.test;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * The versions the tests of a class start from, read from their {@link MigrateTo} annotations
 * before any of them runs, so that one walk up the migrations can capture a template at each.
 */
final class StartingVersions {

  private StartingVersions() {}

  /**
   * The starting versions of the test methods of the class (its own, inherited and interface
   * default methods), {@code head} for a test without a version. Overloads of one name that start
   * at different versions count the first one's.
   */
  static Set<String> of(SuiteConfig config, String head) {
    Map<String, String> versions = new LinkedHashMap<>();
    for (Method method :
        ReflectionSupport.findMethods(
            config.testClass(),
            m -> AnnotationSupport.isAnnotated(m, Testable.class),
            HierarchyTraversalMode.TOP_DOWN)) {
      try {
        String target = config.targetFor(method);
        versions.putIfAbsent(method.getName(), target == null ? head : target);
      } catch (ExtensionConfigurationException e) {
        // a malformed @MigrateTo fails its own test, with this message, when the test runs
      }
    }
    return new LinkedHashSet<>(versions.values());
  }
}
