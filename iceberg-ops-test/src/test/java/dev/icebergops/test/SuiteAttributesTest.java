package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The builder's attributes start where the annotation's do, one for one. */
class SuiteAttributesTest {

  @Test
  void everyAttributeOfTheAnnotationHasAFieldWithItsDefault() throws ReflectiveOperationException {
    SuiteAttributes defaults = new SuiteAttributes();
    for (Method attribute : IcebergMigrations.class.getDeclaredMethods()) {
      Field field = SuiteAttributes.class.getDeclaredField(attribute.getName());

      assertThat(Objects.deepEquals(field.get(defaults), attribute.getDefaultValue()))
          .as("default of %s", attribute.getName())
          .isTrue();
    }
  }

  @Test
  void theAttributesAreExactlyTheAnnotations() {
    Set<String> fields =
        Arrays.stream(SuiteAttributes.class.getDeclaredFields())
            .filter(f -> !Modifier.isStatic(f.getModifiers()))
            .map(Field::getName)
            .collect(Collectors.toSet());

    assertThat(fields)
        .isEqualTo(
            Arrays.stream(IcebergMigrations.class.getDeclaredMethods())
                .map(Method::getName)
                .collect(Collectors.toSet()));
  }

  @Test
  void readingAnAnnotationTakesEveryAttribute() {
    IcebergMigrations annotation =
        ClassStateTest.StatefulSuite.class.getAnnotation(IcebergMigrations.class);

    SuiteAttributes read = SuiteAttributes.of(annotation);

    assertThat(read.classes).containsExactly(annotation.classes());
    assertThat(read.namespacePrefix).isEqualTo("state");
    assertThat(read.downTo).isEqualTo("0000");
    assertThat(read.checkDowngrade).isTrue();
  }
}
