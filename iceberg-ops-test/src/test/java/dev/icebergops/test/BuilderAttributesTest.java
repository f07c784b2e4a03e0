package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.fixtures.Sales;
import java.lang.reflect.Method;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** The builder's attributes start where the annotation's do, one for one, and are its own. */
class BuilderAttributesTest {

  @Test
  void everyAttributeNotGivenHasTheAnnotationsDefault() throws ReflectiveOperationException {
    IcebergMigrations attributes = IcebergMigrationsExtension.builder().attributes();

    for (Method attribute : IcebergMigrations.class.getDeclaredMethods()) {
      assertThat(Objects.deepEquals(attribute.invoke(attributes), attribute.getDefaultValue()))
          .as("default of %s", attribute.getName())
          .isTrue();
    }
    assertThat(attributes.annotationType()).isEqualTo(IcebergMigrations.class);
  }

  @Test
  void everySetterGivesItsAttribute() {
    IcebergMigrations attributes =
        IcebergMigrationsExtension.builder()
            .locations("classpath:com/acme/db")
            .classes(Sales.V0001__CreateOrders.class)
            .namespacePrefix("p")
            .backend(Backend.CONTAINERS)
            .target("0002")
            .downTo("0001")
            .irreversible("0002")
            .checkDowngrade(false)
            .fullRollbackEachTest(true)
            .copySchemaHistory(true)
            .contracts("classpath:contracts")
            .startFrom("classpath:snapshot.json")
            .strictFieldIds(true)
            .failOnSkippedMigrations(true)
            .attributes();

    assertThat(attributes.locations()).containsExactly("classpath:com/acme/db");
    assertThat(attributes.classes()).containsExactly(Sales.V0001__CreateOrders.class);
    assertThat(attributes.namespacePrefix()).isEqualTo("p");
    assertThat(attributes.backend()).isEqualTo(Backend.CONTAINERS);
    assertThat(attributes.target()).isEqualTo("0002");
    assertThat(attributes.downTo()).isEqualTo("0001");
    assertThat(attributes.irreversible()).containsExactly("0002");
    assertThat(attributes.checkDowngrade()).isFalse();
    assertThat(attributes.fullRollbackEachTest()).isTrue();
    assertThat(attributes.copySchemaHistory()).isTrue();
    assertThat(attributes.contracts()).isEqualTo("classpath:contracts");
    assertThat(attributes.startFrom()).isEqualTo("classpath:snapshot.json");
    assertThat(attributes.strictFieldIds()).isTrue();
    assertThat(attributes.failOnSkippedMigrations()).isTrue();
  }

  @Test
  void attributesTakenAreNotChangedByLaterCallsNorByTheArraysGiven() {
    String[] locations = {"classpath:com/acme/db"};
    IcebergMigrationsExtension.Builder builder =
        IcebergMigrationsExtension.builder().locations(locations);
    IcebergMigrations taken = builder.attributes();

    locations[0] = "changed later";
    builder.namespacePrefix("later").locations("classpath:other");

    assertThat(taken.locations()).containsExactly("classpath:com/acme/db");
    assertThat(taken.namespacePrefix()).isEmpty();
  }
}
