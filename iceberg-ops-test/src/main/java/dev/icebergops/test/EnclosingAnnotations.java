package dev.icebergops.test;

import java.lang.annotation.Annotation;
import java.lang.reflect.Modifier;
import java.util.Optional;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Finds a class's annotation on the class, its superclasses and meta-annotations, or else on the
 * classes that enclose it: a {@code @Nested} test class takes its enclosing class's settings.
 */
final class EnclosingAnnotations {
  private EnclosingAnnotations() {}

  /** The nearest {@code type} annotation, searching inner classes outwards. */
  static <A extends Annotation> Optional<A> find(Class<?> testClass, Class<A> type) {
    for (Class<?> c = testClass; c != null; c = enclosingInstanceClass(c)) {
      Optional<A> found = AnnotationSupport.findAnnotation(c, type);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private static Class<?> enclosingInstanceClass(Class<?> c) {
    return c.isMemberClass() && !Modifier.isStatic(c.getModifiers()) ? c.getEnclosingClass() : null;
  }
}
