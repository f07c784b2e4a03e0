package dev.icebergops.autogen;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.schema.SchemaContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * {@code revision --autogenerate} against a YAML contract with nested columns: the revision targets
 * the nested field, and the runner applying it on the REST catalog + S3 makes the table conform.
 */
class NestedRevisionTest extends GeneratedRevisionTestBase {

  private SchemaContract contract(String yaml) throws IOException {
    Path file = dir.resolve("contract-" + System.nanoTime() + ".yaml");
    Files.writeString(file, "columns:\n  - name: id\n    type: long\n" + yaml);
    return SchemaContract.fromYaml(file);
  }

  @Test
  void nestedFieldsMissingFromAStructAndAListOfStructsAreAddedAndTheDowngradeRemovesThem()
      throws IOException {
    Table orders =
        create(
            "orders",
            required(1, "id", Types.LongType.get()),
            optional(
                2, "address", Types.StructType.of(optional(3, "street", Types.StringType.get()))),
            optional(
                4,
                "items",
                Types.ListType.ofOptional(
                    5, Types.StructType.of(required(6, "sku", Types.StringType.get())))));
    SchemaContract contract =
        contract(
            "  - name: address\n"
                + "    type: 'struct<street: string, zip: string>'\n"
                + "  - name: items\n"
                + "    type: 'list<struct<sku: required string, qty: int>>'\n");
    assertThat(contract.validate(orders))
        .containsExactly(
            "missing nested field address.zip (string)",
            "missing nested field items.element.qty (int)");

    Revision revision =
        RevisionGenerator.forTable("orders", orders).against(contract).orElseThrow();
    assertThat(revision.changes())
        .containsExactly("add address.zip (string)", "add items.element.qty (int)");
    assertThat(revision.toJava(null, "V0002__Generated"))
        .contains("ctx.enforceColumn(\"orders\", \"address.zip\", \"string\");")
        .contains("ctx.enforceColumn(\"orders\", \"items.element.qty\", \"int\");");
    MigrationRunner runner = write(revision);
    runner.migrate();

    assertThat(contract.validate(table("orders"))).isEmpty();
    runner.rollback(1);
    Schema rolledBack = table("orders").schema();
    assertThat(rolledBack.findField("address.zip")).isNull();
    assertThat(rolledBack.findField("items.element.qty")).isNull();
  }

  @Test
  void aNestedFieldIsPromotedMadeOptionalAndItsUndeclaredSiblingDropped() throws IOException {
    Table events =
        create(
            "events",
            required(1, "id", Types.LongType.get()),
            optional(
                2,
                "attrs",
                Types.MapType.ofOptional(
                    3,
                    4,
                    Types.StringType.get(),
                    Types.StructType.of(
                        required(5, "count", Types.IntegerType.get()),
                        optional(6, "fax", Types.StringType.get())))));
    SchemaContract contract =
        contract("  - name: attrs\n    type: 'map<string, struct<count: long>>'\n");

    Revision revision =
        RevisionGenerator.forTable("events", events).against(contract).orElseThrow();
    assertThat(revision.changes())
        .containsExactly(
            "make attrs.value.count optional",
            "promote attrs.value.count int -> long",
            "drop attrs.value.fax (string)");
    assertThat(revision.irreversible()).isTrue();
    write(revision).migrate();

    assertThat(contract.validate(table("events"))).isEmpty();
  }

  @Test
  void nestedChangesIcebergCannotMakeStopTheUpgradeBeforeAnyStep() throws IOException {
    Table customers =
        create(
            "customers",
            required(1, "id", Types.LongType.get()),
            optional(2, "address", Types.StructType.of(optional(3, "zip", Types.StringType.get()))),
            optional(4, "tags", Types.ListType.ofOptional(5, Types.StringType.get())));
    SchemaContract contract =
        contract(
            "  - name: address\n"
                + "    type: 'struct<zip: required string, city: required string>'\n"
                + "  - name: tags\n"
                + "    type: list<long>\n");

    Revision revision =
        RevisionGenerator.forTable("customers", customers).against(contract).orElseThrow();
    assertThat(revision.changes())
        .containsExactly(
            "make address.zip required (Iceberg cannot tighten an optional field)",
            "add address.city (string)",
            "make address.city required (Iceberg cannot tighten an optional field)",
            "change type of tags list<string> -> list<long> (not a promotion)");
    assertThat(revision.needsManualChange()).isTrue();
    MigrationRunner runner = write(revision);

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("make address.zip required (Iceberg cannot tighten");
    assertThat(table("customers").schema().findField("address.city"))
        .as("nothing applied")
        .isNull();
  }
}
