package dev.icebergops.test.assertj;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.SchemaContract;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class SchemaAssertTest {

  private static final Schema ORDERS =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "amount", Types.DecimalType.of(10, 2), "order total"),
          Types.NestedField.optional(3, "duration", Types.StringType.get()),
          Types.NestedField.optional(4, "duration__legacy_1", Types.IntegerType.get()),
          Types.NestedField.optional(
              5,
              "address",
              Types.StructType.of(
                  Types.NestedField.optional(6, "city", Types.StringType.get()),
                  Types.NestedField.optional(7, "zip__legacy_2", Types.IntegerType.get()))));

  private static final Schema CLEAN =
      new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  private static final String ORDERS_TEXT =
      String.format(
          "  schema {%n"
              + "    1: id: required long%n"
              + "    2: amount: optional decimal(10, 2) (order total)%n"
              + "    3: duration: optional string%n"
              + "    4: duration__legacy_1: optional int%n"
              + "    5: address: optional struct<6: city: optional string, 7: zip__legacy_2:"
              + " optional int>%n"
              + "  }");

  @Test
  void conformsTo() {
    assertThat(ORDERS)
        .conformsTo(
            SchemaContract.of(
                ColumnSpec.required("id", Types.LongType.get()),
                ColumnSpec.optional("amount", Types.DecimalType.of(10, 2))));
    SchemaContract contract =
        SchemaContract.strict(
            ColumnSpec.required("id", Types.StringType.get()),
            ColumnSpec.required("region", Types.StringType.get()),
            ColumnSpec.optional("amount", Types.DecimalType.of(10, 2)));
    assertThatThrownBy(() -> assertThat(CLEAN).conformsTo(contract))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting actual:%n"
                    + "  schema {%n"
                    + "    1: id: required long%n"
                    + "  }%n"
                    + "to conform to contract:%n"
                    + "  id: string (required)%n"
                    + "  region: string (required)%n"
                    + "  amount: decimal(10,2)%n"
                    + "  (strict: no other column)%n"
                    + "but it violates 2 contract lines:%n"
                    + "  - column id has type long, expected string%n"
                    + "  - missing required column region (string)"));
  }

  @Test
  void hasColumnWithItsProperties() {
    assertThat(ORDERS)
        .hasColumn("amount")
        .ofType(Types.DecimalType.of(10, 2))
        .ofType("decimal(10,2)")
        .isOptional()
        .hasDoc("order total")
        .hasFieldId(2)
        .and()
        .hasColumn("id")
        .isRequired()
        .hasDoc(null)
        .and()
        .hasColumn("address.city")
        .ofType("string");
  }

  @Test
  void hasColumnFailsWithTheWholeSchema() {
    assertThatThrownBy(() -> assertThat(ORDERS).hasColumn("region"))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting actual:%n%s%nto have column:%n  \"region\"%nbut it does not",
                ORDERS_TEXT));
  }

  @Test
  void columnFailures() {
    assertThatThrownBy(() -> assertThat(ORDERS).hasColumn("id").ofType("int"))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting column \"id\" of:%n%s%nto have type:%n  int%nbut was:%n  long",
                ORDERS_TEXT));
    assertThatThrownBy(() -> assertThat(ORDERS).hasColumn("id").isOptional())
        .hasMessageEndingWith(String.format("to be:%n  optional%nbut was:%n  required"));
    assertThatThrownBy(() -> assertThat(ORDERS).hasColumn("amount").isRequired())
        .hasMessageEndingWith(String.format("to be:%n  required%nbut was:%n  optional"));
    assertThatThrownBy(() -> assertThat(ORDERS).hasColumn("amount").hasDoc("total"))
        .hasMessageEndingWith(
            String.format("to have doc:%n  \"total\"%nbut was:%n  \"order total\""));
    assertThatThrownBy(() -> assertThat(ORDERS).hasColumn("amount").hasFieldId(7))
        .hasMessageEndingWith(String.format("to have field id:%n  7%nbut was:%n  2"));
  }

  @Test
  void columnDescriptionComesFromTheSchemaAssertion() {
    assertThatThrownBy(() -> assertThat(ORDERS).as("orders").hasColumn("id").ofType("int"))
        .hasMessageStartingWith(String.format("[orders] %nExpecting column \"id\" of:"));
  }

  @Test
  void doesNotHaveColumn() {
    assertThat(ORDERS).doesNotHaveColumn("region").doesNotHaveColumn("address.zip");
    assertThatThrownBy(() -> assertThat(ORDERS).doesNotHaveColumn("address.city"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(ORDERS_TEXT)
        .hasMessageEndingWith(
            String.format("not to have column:%n  \"address.city\"%nbut it does"));
  }

  @Test
  void hasLegacyColumn() {
    assertThat(ORDERS)
        .hasLegacyColumn("duration")
        .hasLegacyColumn("duration", 1)
        .hasLegacyColumn("address.zip", 2);
    assertThatThrownBy(() -> assertThat(ORDERS).hasLegacyColumn("amount"))
        .isInstanceOf(AssertionError.class)
        .hasMessageEndingWith(
            String.format("to have legacy column:%n  amount__legacy_<N>%nbut it has none"));
    assertThatThrownBy(() -> assertThat(ORDERS).hasLegacyColumn("duration", 2))
        .isInstanceOf(AssertionError.class)
        .hasMessageEndingWith(
            String.format(
                "to have legacy column:%n  duration__legacy_2%nbut it only has:%n"
                    + "  duration__legacy_1"));
  }

  @Test
  void hasNoLegacyColumns() {
    assertThat(CLEAN).hasNoLegacyColumns();
    assertThatThrownBy(() -> assertThat(ORDERS).hasNoLegacyColumns())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(ORDERS_TEXT)
        .hasMessageEndingWith(
            String.format(
                "to have no legacy columns (<column>__legacy_<N>)%nbut it has:%n"
                    + "  duration__legacy_1%n"
                    + "  address.zip__legacy_2"));
  }

  @Test
  void livesNextToAssertJsOwnAssertThat() {
    assertThat("iceberg").startsWith("ice"); // AssertJ's
    assertThat(CLEAN).hasColumn("id"); // ours
    assertThat(CLEAN.columns()).hasSize(1); // AssertJ's
  }
}
