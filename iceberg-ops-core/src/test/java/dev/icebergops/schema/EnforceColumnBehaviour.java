package dev.icebergops.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.testing.FaultyTable;
import java.util.Set;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.Test;

/** The enforceColumn behaviour matrix, row by row, on the subclass's catalog. */
abstract class EnforceColumnBehaviour extends SchemaEvolutionTestBase {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "quantity", Types.IntegerType.get(), "units ordered"),
          optional(3, "duration", Types.IntegerType.get(), "seconds"),
          optional(4, "price", Types.FloatType.get()),
          optional(5, "amount", Types.DecimalType.of(10, 2)),
          optional(
              6,
              "address",
              Types.StructType.of(
                  optional(7, "street", Types.StringType.get()),
                  optional(8, "zip", Types.IntegerType.get(), "postal code"))),
          optional(9, "zip", Types.IntegerType.get()),
          optional(
              10, "billing", Types.StructType.of(optional(11, "zip", Types.IntegerType.get()))));

  // --- Column absent -> add it ----------------------------------------------------------------

  @Test
  void enforceColumnAddsAbsentColumn() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table)
        .enforceColumn(
            "region", Types.StringType.get(), EnforceOptions.defaults().withDoc("sales region"));

    NestedField region = reload(table).schema().findField("region");
    assertThat(region.type()).isEqualTo(Types.StringType.get());
    assertThat(region.isOptional()).isTrue();
    assertThat(region.doc()).isEqualTo("sales region");
    assertThat(region.fieldId()).isGreaterThan(11);
  }

  @Test
  void enforceColumnAddsAbsentFieldToNestedStruct() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table).enforceColumn("address.city", Types.StringType.get());

    Schema schema = reload(table).schema();
    assertThat(schema.findField("address.city").type()).isEqualTo(Types.StringType.get());
    assertThat(schema.findField("city")).isNull();
  }

  @Test
  void enforceColumnAddsAbsentNestedStructColumn() {
    Table table = createTable(ORDERS);
    Type shipping =
        Types.StructType.of(
            optional(100, "carrier", Types.StringType.get()),
            optional(101, "days", Types.IntegerType.get()));

    new SchemaEvolutionHelper(table).enforceColumn("shipping", shipping);

    assertThat(
            IcebergTypes.structurallyEqual(reload(table).schema().findType("shipping"), shipping))
        .isTrue();
  }

  // --- Equivalent type -> no-op (a changed doc is written) -------------------------------------

  @Test
  void enforceColumnWithEquivalentTypeCommitsNothing() {
    Table table = createTable(ORDERS);
    String before = metadataLocation(table);

    new SchemaEvolutionHelper(table).enforceColumn("quantity", Types.IntegerType.get());
    new SchemaEvolutionHelper(table)
        .enforceColumn(
            "quantity",
            Types.IntegerType.get(),
            EnforceOptions.defaults().withDoc("units ordered"));

    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  @Test
  void enforceColumnWithEquivalentTypeWritesOnlyAChangedDoc() {
    Table table = createTable(ORDERS);
    Schema before = table.schema();

    new SchemaEvolutionHelper(table)
        .enforceColumn(
            "quantity", Types.IntegerType.get(), EnforceOptions.defaults().withDoc("units"));

    Schema after = reload(table).schema();
    SchemaDiff diff = SchemaDiff.between(before, after);
    assertThat(diff.all()).hasSize(1);
    assertThat(diff.changed().get(0).changeType()).isEqualTo(FieldChange.ChangeType.DOC_CHANGED);
    assertThat(after.findField("quantity").doc()).isEqualTo("units");
  }

  @Test
  void enforceColumnTreatsIdenticalStructWithOtherIdsAndOrderAsEquivalent() {
    Table table = createTable(ORDERS);
    String before = metadataLocation(table);
    Type sameAddress =
        Types.StructType.of(
            optional(51, "zip", Types.IntegerType.get(), "another doc"),
            optional(50, "street", Types.StringType.get()));

    new SchemaEvolutionHelper(table).enforceColumn("address", sameAddress);

    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  // --- Promotable type -> update in place ------------------------------------------------------

  @Test
  void enforceColumnPromotesIntToLongInPlace() {
    assertPromotedInPlace("quantity", Types.LongType.get());
  }

  @Test
  void enforceColumnPromotesFloatToDoubleInPlace() {
    assertPromotedInPlace("price", Types.DoubleType.get());
  }

  @Test
  void enforceColumnWidensDecimalPrecisionInPlace() {
    assertPromotedInPlace("amount", Types.DecimalType.of(12, 2));
  }

  @Test
  void enforceColumnPromotesNestedFieldInPlace() {
    assertPromotedInPlace("address.zip", Types.LongType.get());
  }

  private void assertPromotedInPlace(String column, Type wider) {
    Table table = createTable(ORDERS);
    int id = table.schema().findField(column).fieldId();

    new SchemaEvolutionHelper(table).enforceColumn(column, wider);

    Schema after = reload(table).schema();
    assertThat(after.findField(column).type()).isEqualTo(wider);
    assertThat(after.findField(column).fieldId()).isEqualTo(id);
    assertThat(after.columns()).hasSameSizeAs(ORDERS.columns());
  }

  // --- Incompatible type, no archival -> ValidationException, table untouched -----------------

  @Test
  void enforceColumnRefusesIntToStringAndLeavesTableUntouched() {
    assertRefused("duration", Types.StringType.get(), "from int to string");
  }

  @Test
  void enforceColumnRefusesDecimalScaleChange() {
    assertRefused("amount", Types.DecimalType.of(12, 4), "from decimal(10,2) to decimal(12,4)");
  }

  @Test
  void enforceColumnRefusesNarrowing() {
    assertRefused("id", Types.IntegerType.get(), "from long to int");
  }

  @Test
  void enforceColumnRefusesChangingANestedType() {
    assertRefused(
        "address",
        Types.StructType.of(optional(60, "street", Types.StringType.get())),
        "nested types cannot change in place");
  }

  private void assertRefused(String column, Type type, String message) {
    Table table = createTable(ORDERS);
    String before = metadataLocation(table);

    assertThatThrownBy(() -> new SchemaEvolutionHelper(table).enforceColumn(column, type))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("Cannot change column " + table.name() + "." + column)
        .hasMessageContaining(message);
    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  // --- Incompatible type, legacy archival -> archive and recreate ------------------------------

  @Test
  void enforceColumnArchivesIncompatibleType() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table)
        .enforceColumn(
            "duration", Types.StringType.get(), EnforceOptions.legacyArchival().withDoc("text"));

    Schema after = reload(table).schema();
    NestedField legacy = after.findField("duration__legacy_1");
    NestedField fresh = after.findField("duration");
    assertThat(legacy.fieldId()).isEqualTo(3);
    assertThat(legacy.type()).isEqualTo(Types.IntegerType.get());
    assertThat(legacy.isOptional()).isTrue();
    assertThat(legacy.doc()).isEqualTo("[ARCHIVED] seconds");
    assertThat(fresh.type()).isEqualTo(Types.StringType.get());
    assertThat(fresh.doc()).isEqualTo("text");
    assertThat(fresh.fieldId()).isGreaterThan(11);
  }

  @Test
  void enforceColumnArchivalMakesRequiredColumnOptional() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table)
        .enforceColumn("id", Types.StringType.get(), EnforceOptions.legacyArchival());

    NestedField legacy = reload(table).schema().findField("id__legacy_1");
    assertThat(legacy.fieldId()).isEqualTo(1);
    assertThat(legacy.isOptional()).isTrue();
    assertThat(legacy.doc()).isEqualTo("[ARCHIVED]");
  }

  @Test
  void enforceColumnArchivalPicksMaxLegacyNumberPlusOne() {
    Table table = createTable(ORDERS);
    table.updateSchema().addColumn("duration__legacy_1", Types.LongType.get()).commit();
    table.updateSchema().addColumn("duration__legacy_4", Types.LongType.get()).commit();
    table.updateSchema().addColumn("duration__legacy_x", Types.LongType.get()).commit();

    new SchemaEvolutionHelper(table)
        .enforceColumn("duration", Types.StringType.get(), EnforceOptions.legacyArchival());

    assertThat(reload(table).schema().findField("duration__legacy_5").fieldId()).isEqualTo(3);
  }

  @Test
  void enforceColumnReArchivedThreeTimesKeepsAllLegacyColumns() {
    Table table = createTable(ORDERS);
    SchemaEvolutionHelper helper = new SchemaEvolutionHelper(table);

    helper.enforceColumn("duration", Types.StringType.get(), EnforceOptions.legacyArchival());
    helper.enforceColumn("duration", Types.BooleanType.get(), EnforceOptions.legacyArchival());
    helper.enforceColumn("duration", Types.DateType.get(), EnforceOptions.legacyArchival());

    Schema after = reload(table).schema();
    assertThat(after.findType("duration__legacy_1")).isEqualTo(Types.IntegerType.get());
    assertThat(after.findType("duration__legacy_2")).isEqualTo(Types.StringType.get());
    assertThat(after.findType("duration__legacy_3")).isEqualTo(Types.BooleanType.get());
    assertThat(after.findType("duration")).isEqualTo(Types.DateType.get());
  }

  @Test
  void enforceColumnArchivalOfNestedFieldIsScopedToItsParentStruct() {
    Table table = createTable(ORDERS);
    table.updateSchema().addColumn("zip__legacy_7", Types.IntegerType.get()).commit();
    table.updateSchema().addColumn("billing", "zip__legacy_3", Types.IntegerType.get()).commit();

    Schema before = table.schema();

    new SchemaEvolutionHelper(table)
        .enforceColumn("address.zip", Types.StringType.get(), EnforceOptions.legacyArchival());

    Schema after = reload(table).schema();
    assertThat(after.findField("address.zip__legacy_1").fieldId())
        .isEqualTo(before.findField("address.zip").fieldId());
    assertThat(after.findField("address.zip__legacy_1").doc()).isEqualTo("[ARCHIVED] postal code");
    assertThat(after.findType("address.zip")).isEqualTo(Types.StringType.get());
    assertThat(after.findField("zip").fieldId()).isEqualTo(before.findField("zip").fieldId());
    assertThat(after.findField("billing.zip").fieldId())
        .isEqualTo(before.findField("billing.zip").fieldId());
    assertThat(after.findField("zip__legacy_8")).isNull();
    assertThat(after.findField("billing.zip__legacy_4")).isNull();
  }

  @Test
  void enforceColumnRefusesArchivalOfPartitionSourceColumn() {
    Table table =
        createTable(
            ORDERS,
            PartitionSpec.builderFor(ORDERS).identity("duration").build(),
            SortOrder.unsorted());

    assertArchivalRefused(table, "duration", "the partition spec");
  }

  @Test
  void enforceColumnRefusesArchivalOfSortOrderColumn() {
    Table table =
        createTable(
            ORDERS,
            PartitionSpec.unpartitioned(),
            SortOrder.builderFor(ORDERS).asc("duration").build());

    assertArchivalRefused(table, "duration", "the sort order");
  }

  @Test
  void enforceColumnRefusesArchivalOfIdentifierField() {
    Table table = createTable(ORDERS);
    table.updateSchema().setIdentifierFields("id").commit();

    assertArchivalRefused(table, "id", "the identifier fields");
  }

  @Test
  void enforceColumnRefusesArchivalOfStructWhoseChildIsPartitioned() {
    Table table =
        createTable(
            ORDERS,
            PartitionSpec.builderFor(ORDERS).identity("address.zip").build(),
            SortOrder.unsorted());

    assertArchivalRefused(table, "address", "the partition spec");
  }

  private void assertArchivalRefused(Table table, String column, String reference) {
    String before = metadataLocation(table);

    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(table)
                    .enforceColumn(column, Types.BinaryType.get(), EnforceOptions.legacyArchival()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot archive column " + table.name() + "." + column)
        .hasMessageContaining(reference);
    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  // --- Parent struct checks --------------------------------------------------------------------

  @Test
  void enforceColumnRejectsMissingParentStruct() {
    Table table = createTable(ORDERS);

    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(table)
                    .enforceColumn("shipping.carrier", Types.StringType.get()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot enforce column %s.shipping.carrier: parent struct shipping does not exist",
            table.name());
  }

  @Test
  void enforceColumnRejectsParentThatIsNotAStruct() {
    Table table = createTable(ORDERS);

    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(table)
                    .enforceColumn("quantity.x", Types.StringType.get()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parent quantity is a int, not a struct");
  }

  // --- Contracts and commit errors propagate without archiving ---------------------------------

  @Test
  void enforceColumnChecksTheContractAfterTheChange() {
    Table table = createTable(ORDERS);
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.required("quantity", Types.IntegerType.get()));

    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(table)
                    .enforceColumn(
                        "quantity",
                        Types.LongType.get(),
                        EnforceOptions.legacyArchival().withContract(contract)))
        .isInstanceOf(SchemaContractViolation.class)
        .hasMessageContaining("column quantity has type long, expected int");
    Schema after = reload(table).schema();
    assertThat(after.findType("quantity")).isEqualTo(Types.LongType.get());
    assertThat(after.findField("quantity__legacy_1")).isNull();
  }

  @Test
  void enforceColumnPassesAConformingContract() {
    Table table = createTable(ORDERS);
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.required("region", Types.StringType.get()));

    new SchemaEvolutionHelper(table)
        .enforceColumn(
            "region", Types.StringType.get(), EnforceOptions.defaults().withContract(contract));

    assertThat(contract.validate(reload(table))).isEmpty();
  }

  @Test
  void enforceColumnPropagatesACommitErrorWithoutArchiving() {
    Table real = createTable(ORDERS);
    Table table =
        FaultyTable.failSchemaCommits(
            real, Set.of(1), call -> new CommitFailedException("catalog said no"));
    String before = metadataLocation(real);

    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(table)
                    .enforceColumn(
                        "quantity", Types.LongType.get(), EnforceOptions.legacyArchival()))
        .isInstanceOf(CommitFailedException.class)
        .hasMessage("catalog said no");
    assertThat(metadataLocation(real)).isEqualTo(before);
  }
}
