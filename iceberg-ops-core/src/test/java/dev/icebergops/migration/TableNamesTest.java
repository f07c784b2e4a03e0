package dev.icebergops.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TableNamesTest {

  @ParameterizedTest
  @CsvSource({
    "sales, orders, sales.orders",
    "sales.eu, orders, sales.eu.orders",
    "sales, archive.orders, archive.orders",
    "sales.eu, archive.old.orders, archive.old.orders"
  })
  void bareNamesTakeTheNamespaceAndDottedNamesKeepTheirOwn(
      String namespace, String name, String qualified) {
    assertThat(TableNames.qualify(namespace, name)).isEqualTo(qualified);
    assertThat(TableNames.identifier(namespace, name)).isEqualTo(TableIdentifier.parse(qualified));
  }

  @Test
  void identifierSplitsNamespaceLevelsAtEveryDotButTheLast() {
    TableIdentifier id = TableNames.identifier("sales.eu", "orders");

    assertThat(id.namespace()).isEqualTo(Namespace.of("sales", "eu"));
    assertThat(id.name()).isEqualTo("orders");
  }

  @Test
  void namespaceHasOneLevelPerDottedPart() {
    assertThat(TableNames.namespace("sales")).isEqualTo(Namespace.of("sales"));
    assertThat(TableNames.namespace("sales.eu.west"))
        .isEqualTo(Namespace.of("sales", "eu", "west"));
  }

  @Test
  void aBlankNameIsRefused() {
    assertThatThrownBy(() -> TableNames.qualify("sales", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot qualify table name: the name is empty");
    assertThatThrownBy(() -> TableNames.qualify("sales", null))
        .hasMessage("Cannot qualify table name: the name is empty");
  }

  @Test
  void anEmptyPartIsRefusedNamingTheName() {
    assertThatThrownBy(() -> TableNames.qualify("sales", "archive..orders"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot qualify table name archive..orders: part 2 is empty");
    assertThatThrownBy(() -> TableNames.identifier("sales", "orders."))
        .hasMessage("Cannot qualify table name orders.: part 2 is empty");
    assertThatThrownBy(() -> TableNames.qualify("sales..eu", "orders"))
        .hasMessage(
            "Cannot qualify table name sales..eu.orders: part 2 is empty (in namespace sales..eu)");
  }

  @Test
  void aBareNameWithoutNamespaceIsRefused() {
    assertThatThrownBy(() -> TableNames.qualify("", "orders"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot qualify table name orders: no namespace to qualify it with");
    assertThatThrownBy(() -> TableNames.qualify(null, "orders"))
        .hasMessage("Cannot qualify table name orders: no namespace to qualify it with");
  }

  @Test
  void aBlankOrGappedNamespaceIsRefusedNamingIt() {
    assertThatThrownBy(() -> TableNames.namespace(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot parse namespace ' ': the name is empty");
    assertThatThrownBy(() -> TableNames.namespace("sales..eu"))
        .hasMessage("Cannot parse namespace sales..eu: level 2 is empty");
    assertThatThrownBy(() -> TableNames.namespace("sales."))
        .hasMessage("Cannot parse namespace sales.: level 2 is empty");
  }
}
