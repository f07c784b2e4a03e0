package dev.icebergops.test;

import java.lang.reflect.Method;
import java.util.NavigableSet;
import java.util.TreeSet;
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
   * The starting version of every test method of {@code testClass} (its own, inherited and
   * interface default methods), {@code head} for a test without a version.
   */
  static NavigableSet<String> of(Class<?> testClass, SuiteSettings settings, String head) {
    NavigableSet<String> versions = new TreeSet<>();
    for (Method method :
        ReflectionSupport.findMethods(
            testClass,
            m -> AnnotationSupport.isAnnotated(m, Testable.class),
            HierarchyTraversalMode.TOP_DOWN)) {
      try {
        String target = settings.targetFor(method);
        versions.add(target == null ? head : target);
      } catch (ExtensionConfigurationException e) {
        // a malformed @MigrateTo fails its own test, with this message, when the test runs
      }
    }
    return versions;
  }
}
