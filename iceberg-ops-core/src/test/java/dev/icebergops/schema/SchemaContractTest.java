package dev.icebergops.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SchemaContractTest {

  private static final Schema ORDERS =
      new Schema(
          required(1, "order_id", Types.LongType.get()),
          optional(2, "order_total", Types.DoubleType.get()),
          optional(3, "created_at", Types.TimestampType.withZone()),
          optional(4, "quantity", Types.IntegerType.get()),
          optional(
              5,
              "customer",
              Types.StructType.of(
                  required(6, "name", Types.StringType.get(), "display name"),
                  optional(7, "tier", Types.IntegerType.get()))));

  private InMemoryCatalog catalog;

  @AfterEach
  void closeCatalog() throws IOException {
    if (catalog != null) {
      catalog.close();
    }
  }

  @Test
  void conformingSchemaHasNoViolations() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.optional("order_total", Types.DoubleType.get()),
            ColumnSpec.optional("created_at", Types.TimestampType.withZone()));

    assertThat(contract.validate(ORDERS)).isEmpty();
    assertThatCode(() -> contract.enforce(ORDERS)).doesNotThrowAnyException();
  }

  @Test
  void missingRequiredColumnIsAViolation() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.required("region", Types.StringType.get()));

    assertThat(contract.validate(ORDERS))
        .containsExactly("missing required column region (string)");
  }

  @Test
  void missingOptionalColumnIsNotAViolation() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.optional("region", Types.StringType.get()));

    assertThat(contract.validate(ORDERS)).isEmpty();
  }

  @Test
  void typeMismatchIsAViolation() {
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.optional("order_total", Types.DecimalType.of(10, 2)));

    assertThat(contract.validate(ORDERS))
        .containsExactly("column order_total has type double, expected decimal(10,2)");
  }

  @Test
  void typeMismatchOfAnOptionalColumnThatIsPresentIsStillAViolation() {
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.optional("created_at", Types.TimestampType.withoutZone()));

    assertThat(contract.validate(ORDERS))
        .containsExactly("column created_at has type timestamptz, expected timestamp");
  }

  @Test
  void columnThatWouldOnlyMatchAfterPromotionIsStillAViolation() {
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.required("quantity", Types.LongType.get()));

    assertThat(contract.validate(ORDERS))
        .containsExactly("column quantity has type int, expected long");
  }

  @Test
  void structWithOtherIdsOrderAndDocsConforms() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required(
                "customer",
                Types.StructType.of(
                    optional(700, "tier", Types.IntegerType.get(), "loyalty tier"),
                    required(600, "name", Types.StringType.get()))));

    assertThat(contract.validate(ORDERS)).isEmpty();
  }

  @Test
  void structWithAnotherNestedTypeIsAViolation() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required(
                "customer",
                Types.StructType.of(
                    required(6, "name", Types.StringType.get()),
                    optional(7, "tier", Types.LongType.get()))));

    assertThat(contract.validate(ORDERS))
        .containsExactly("column customer.tier has type int, expected long");
  }

  @Test
  void nestedColumnCanBeAddressedByDottedName() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("customer.name", Types.StringType.get()),
            ColumnSpec.required("customer.email", Types.StringType.get()));

    assertThat(contract.validate(ORDERS))
        .containsExactly("missing required column customer.email (string)");
  }

  @Test
  void strictContractReportsEveryExtraColumn() {
    SchemaContract contract =
        SchemaContract.strict(
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.optional("order_total", Types.DoubleType.get()),
            ColumnSpec.optional("quantity", Types.IntegerType.get()));

    assertThat(contract.strict()).isTrue();
    assertThat(contract.validate(ORDERS))
        .containsExactly(
            "unexpected column created_at (timestamptz) is not in the strict contract",
            "unexpected column customer (struct<6: name: required string (display name), "
                + "7: tier: optional int>) is not in the strict contract");
  }

  @Test
  void nonStrictContractAllowsExtraColumns() {
    SchemaContract contract =
        new SchemaContract(List.of(ColumnSpec.required("order_id", Types.LongType.get())), false);

    assertThat(contract.strict()).isFalse();
    assertThat(contract.validate(ORDERS)).isEmpty();
  }

  @Test
  void strictContractWithExactlyTheColumnsConforms() {
    SchemaContract contract =
        SchemaContract.strict(
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.optional("order_total", Types.DoubleType.get()),
            ColumnSpec.optional("created_at", Types.TimestampType.withZone()),
            ColumnSpec.optional("quantity", Types.IntegerType.get()),
            ColumnSpec.optional(
                "customer",
                Types.StructType.of(
                    required(1, "name", Types.StringType.get()),
                    optional(2, "tier", Types.IntegerType.get()))));

    assertThat(contract.validate(ORDERS)).isEmpty();
  }

  @Test
  void everyViolationIsListedNotJustTheFirst() {
    SchemaContract contract =
        SchemaContract.strict(
            ColumnSpec.required("order_id", Types.IntegerType.get()),
            ColumnSpec.required("region", Types.StringType.get()),
            ColumnSpec.optional("order_total", Types.FloatType.get()),
            ColumnSpec.optional("created_at", Types.TimestampType.withZone()),
            ColumnSpec.optional("customer", Types.StringType.get()));

    assertThat(contract.validate(ORDERS))
        .containsExactly(
            "column order_id has type long, expected int",
            "missing required column region (string)",
            "column order_total has type double, expected float",
            "column customer has type struct<6: name: required string (display name), "
                + "7: tier: optional int>, expected string",
            "unexpected column quantity (int) is not in the strict contract");
  }

  @Test
  void enforceThrowsWithEveryViolation() {
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("order_id", Types.IntegerType.get()),
            ColumnSpec.required("region", Types.StringType.get()));

    SchemaContractViolation violation =
        catchThrowableOfType(SchemaContractViolation.class, () -> contract.enforce(ORDERS));

    assertThat(violation).isNotNull();
    assertThat(violation.violations())
        .containsExactly(
            "column order_id has type long, expected int",
            "missing required column region (string)");
    assertThat(violation.subject()).isEqualTo("schema");
    assertThat(violation)
        .hasMessage(
            "Cannot accept schema of schema: 2 contract violations\n"
                + "  - column order_id has type long, expected int\n"
                + "  - missing required column region (string)");
  }

  @Test
  void enforceOnATableNamesTheTable() {
    Table table = createOrders();
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.required("region", Types.StringType.get()));

    assertThatThrownBy(() -> contract.enforce(table))
        .isInstanceOfSatisfying(
            SchemaContractViolation.class,
            e -> {
              assertThat(e.subject()).isEqualTo(table.name());
              assertThat(e.violations()).containsExactly("missing required column region (string)");
            })
        .hasMessageStartingWith("Cannot accept schema of mem.sales.orders: 1 contract violation\n")
        .hasMessageContaining("  - missing required column region (string)");
  }

  @Test
  void enforceOnAConformingTableDoesNotThrow() {
    Table table = createOrders();
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.required("order_id", Types.LongType.get()));

    assertThat(contract.validate(table)).isEmpty();
    assertThatCode(() -> contract.enforce(table)).doesNotThrowAnyException();
  }

  @Test
  void validateRefreshesTheTableFirst() {
    createOrders();
    TableIdentifier id = TableIdentifier.of("sales", "orders");
    Table writer = catalog.loadTable(id);
    Table checker = catalog.loadTable(id);
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.required("region", Types.StringType.get()));
    assertThat(contract.validate(checker))
        .containsExactly("missing required column region (string)");

    writer.updateSchema().addColumn("region", Types.StringType.get()).commit();

    assertThat(checker.schema().findField("region")).as("stale handle before refresh").isNull();
    assertThat(contract.validate(checker)).isEmpty();
    assertThat(checker.schema().findField("region")).isNotNull();
  }

  @Test
  void enforceRefreshesTheTableFirst() {
    createOrders();
    TableIdentifier id = TableIdentifier.of("sales", "orders");
    Table writer = catalog.loadTable(id);
    Table checker = catalog.loadTable(id);
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.required("order_total", Types.DoubleType.get()));
    assertThatCode(() -> contract.enforce(checker)).doesNotThrowAnyException();

    writer.updateSchema().deleteColumn("order_total").commit();

    assertThatThrownBy(() -> contract.enforce(checker))
        .isInstanceOf(SchemaContractViolation.class)
        .hasMessageContaining("missing required column order_total (double)");
  }

  @Test
  void duplicateColumnNamesAreRejected() {
    assertThatThrownBy(
            () ->
                SchemaContract.of(
                    ColumnSpec.required("order_id", Types.LongType.get()),
                    ColumnSpec.optional("order_id", Types.IntegerType.get())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column order_id is declared twice");
  }

  @Test
  void contractWithoutColumnsIsRejected() {
    assertThatThrownBy(() -> new SchemaContract(List.of(), false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("declares no columns");
  }

  @Test
  void columnsAreKeptInDeclarationOrderAndImmutable() {
    ColumnSpec b = ColumnSpec.required("b", Types.LongType.get());
    ColumnSpec a = ColumnSpec.optional("a", Types.StringType.get());
    SchemaContract contract = SchemaContract.of(b, a);

    assertThat(contract.columns()).containsExactly(b, a);
    assertThatThrownBy(() -> contract.columns().add(a))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void columnSpecRejectsBlankNameAndMissingType() {
    assertThatThrownBy(() -> ColumnSpec.required(" ", Types.LongType.get()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the name is empty");
    assertThatThrownBy(() -> ColumnSpec.required("x", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot declare column x: the type is missing");
  }

  @Test
  void columnSpecsCompareTypesStructurally() {
    ColumnSpec one =
        ColumnSpec.required(
            "c", Types.StructType.of(optional(1, "a", Types.IntegerType.get(), "doc")));
    ColumnSpec other =
        ColumnSpec.required("c", Types.StructType.of(optional(9, "a", Types.IntegerType.get())));

    assertThat(one).isEqualTo(other).hasSameHashCodeAs(other);
    assertThat(one.withDoc("described")).isNotEqualTo(other);
    assertThat(ColumnSpec.required("c", Types.IntegerType.get()))
        .isNotEqualTo(ColumnSpec.optional("c", Types.IntegerType.get()));
  }

  @Test
  void columnSpecDescribesItself() {
    assertThat(ColumnSpec.required("amount", Types.DecimalType.of(10, 2)).withDoc("Order total"))
        .hasToString("amount: decimal(10,2) (required) -- Order total");
    assertThat(ColumnSpec.optional("note", Types.StringType.get())).hasToString("note: string");
  }

  private Table createOrders() {
    catalog = new InMemoryCatalog();
    catalog.initialize("mem", Map.of());
    catalog.createNamespace(Namespace.of("sales"));
    return catalog.createTable(TableIdentifier.of("sales", "orders"), ORDERS);
  }

  @Test
  void contractWithANullColumnIsRefusedWithIllegalArgument() {
    ColumnSpec id = ColumnSpec.required("id", Types.LongType.get());

    assertThatThrownBy(() -> SchemaContract.of(id, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create contract: a column is null");
    assertThatThrownBy(() -> SchemaContract.strict((ColumnSpec) null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create contract: a column is null");
  }

  @Test
  void contractsWithOtherColumnsOrStrictnessAreNotEqual() {
    ColumnSpec id = ColumnSpec.required("id", Types.LongType.get());
    ColumnSpec name = ColumnSpec.optional("name", Types.StringType.get());

    assertThat(SchemaContract.of(id))
        .isEqualTo(SchemaContract.of(id))
        .isNotEqualTo(SchemaContract.of(name));
    assertThat(SchemaContract.of(id)).isNotEqualTo(SchemaContract.strict(id));
    assertThat(SchemaContract.of(id).hashCode()).isEqualTo(SchemaContract.of(id).hashCode());
  }
}
