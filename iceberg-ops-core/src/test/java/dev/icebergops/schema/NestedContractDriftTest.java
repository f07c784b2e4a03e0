package dev.icebergops.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A YAML contract with nested columns, checked against a table on the REST catalog that drifted by
 * hand inside a struct, a list of structs or a map: each drift is reported by its nested path.
 */
@ExtendWith(SharedEnvironment.class)
class NestedContractDriftTest {

  private static final String CONTRACT =
      "columns:\n"
          + "  - name: id\n"
          + "    type: long\n"
          + "    required: true\n"
          + "  - name: address\n"
          + "    type: 'struct<street: string, zip: required string>'\n"
          + "  - name: items\n"
          + "    type: 'list<struct<sku: required string, qty: int>>'\n"
          + "  - name: attrs\n"
          + "    type: 'map<string, struct<unit: string>>'\n";

  private static final Schema CONFORMING =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(
              2,
              "address",
              Types.StructType.of(
                  optional(3, "street", Types.StringType.get()),
                  required(4, "zip", Types.StringType.get()))),
          optional(
              5,
              "items",
              Types.ListType.ofOptional(
                  6,
                  Types.StructType.of(
                      required(7, "sku", Types.StringType.get()),
                      optional(8, "qty", Types.IntegerType.get())))),
          optional(
              9,
              "attrs",
              Types.MapType.ofOptional(
                  10,
                  11,
                  Types.StringType.get(),
                  Types.StructType.of(optional(12, "unit", Types.StringType.get())))));

  @TempDir Path dir;
  private RESTCatalog catalog;
  private TableIdentifier id;
  private SchemaContract contract;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) throws IOException {
    catalog = environment.catalog();
    String namespace = "nested_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    catalog.createNamespace(Namespace.of(namespace), new HashMap<>());
    id = TableIdentifier.of(namespace, "orders");
    catalog.createTable(id, CONFORMING);
    Path file = dir.resolve("orders.yaml");
    Files.writeString(file, CONTRACT);
    contract = SchemaContract.fromYaml(file);
  }

  static Stream<Arguments> drifts() {
    return Stream.of(
        drift(
            "a nested field added by hand",
            u -> u.addColumn("address", "country", Types.StringType.get()),
            "unexpected nested field address.country (string) is not in the contract"),
        drift(
            "a nested field removed",
            u -> u.deleteColumn("address.street"),
            "missing nested field address.street (string)"),
        drift(
            "a field of a list's structs retyped",
            u -> u.updateColumn("items.element.qty", Types.LongType.get()),
            "column items.element.qty has type long, expected int"),
        drift(
            "a nested field made optional",
            u -> u.makeColumnOptional("address.zip"),
            "nested field address.zip is optional, expected required"),
        drift(
            "a field added to a map's value struct",
            u -> u.addColumn("attrs.value", "scale", Types.IntegerType.get()),
            "unexpected nested field attrs.value.scale (int) is not in the contract"));
  }

  private static Arguments drift(String name, Consumer<UpdateSchema> change, String violation) {
    return Arguments.of(name, change, violation);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("drifts")
  void driftInANestedFieldIsReportedByItsPath(
      String name, Consumer<UpdateSchema> change, String violation) {
    Table table = catalog.loadTable(id);
    UpdateSchema update = table.updateSchema();
    change.accept(update);
    update.commit();

    assertThat(contract.validate(table)).containsExactly(violation);
    assertThatThrownBy(() -> contract.enforce(table))
        .isInstanceOf(SchemaContractViolation.class)
        .hasMessage(
            "Cannot accept schema of " + table.name() + ": 1 contract violation\n  - " + violation);
  }

  @Test
  void theConformingTableHasNoViolation() {
    assertThat(contract.validate(catalog.loadTable(id))).isEmpty();
  }

  @Test
  void everyNestedDriftIsListedNotJustTheFirst() {
    Table table = catalog.loadTable(id);
    table
        .updateSchema()
        .makeColumnOptional("items.element.sku")
        .deleteColumn("attrs.value.unit")
        .addColumn("attrs.value", "amount", Types.DoubleType.get())
        .commit();

    assertThat(contract.validate(table))
        .containsExactly(
            "nested field items.element.sku is optional, expected required",
            "missing nested field attrs.value.unit (string)",
            "unexpected nested field attrs.value.amount (double) is not in the contract");
  }
}
