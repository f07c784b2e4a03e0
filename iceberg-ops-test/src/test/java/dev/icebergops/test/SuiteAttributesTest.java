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

  @Test
  void aCopyHasEveryAttributeAndOwnsItsArrays() throws ReflectiveOperationException {
    SuiteAttributes original = new SuiteAttributes();
    original.locations = new String[] {"classpath:com/acme/db"};
    original.classes =
        ClassStateTest.StatefulSuite.class.getAnnotation(IcebergMigrations.class).classes();
    original.namespacePrefix = "p";
    original.backend = Backend.CONTAINERS;
    original.target = "0002";
    original.downTo = "0001";
    original.irreversible = new String[] {"0002"};
    original.checkDowngrade = false;
    original.fullRollbackEachTest = true;
    original.copySchemaHistory = true;
    original.contracts = "classpath:contracts";
    original.dropsData = new String[] {"0002"};
    original.startFrom = "classpath:snapshot.json";
    original.strictFieldIds = true;

    SuiteAttributes copy = original.copy();
    original.locations[0] = "changed later";

    assertThat(copy.locations).containsExactly("classpath:com/acme/db");
    for (Field field : SuiteAttributes.class.getDeclaredFields()) {
      if (!Modifier.isStatic(field.getModifiers()) && !field.getName().equals("locations")) {
        assertThat(Objects.deepEquals(field.get(copy), field.get(original)))
            .as("copy of %s", field.getName())
            .isTrue();
      }
    }
  }
}
