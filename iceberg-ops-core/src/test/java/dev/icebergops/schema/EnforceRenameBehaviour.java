package dev.icebergops.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.Test;

/** The enforceRename behaviour matrix, row by row, on the subclass's catalog. */
abstract class EnforceRenameBehaviour extends SchemaEvolutionTestBase {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "amount", Types.LongType.get(), "gross"),
          required(3, "total", Types.LongType.get(), "net"),
          optional(
              4,
              "address",
              Types.StructType.of(
                  optional(5, "zip", Types.StringType.get()),
                  optional(6, "postal_code", Types.StringType.get()))));

  @Test
  void enforceRenameToSameNameCommitsNothing() {
    Table table = createTable(ORDERS);
    String before = metadataLocation(table);

    new SchemaEvolutionHelper(table).enforceRename("amount", "amount", "other doc");

    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  @Test
  void enforceRenameWithNeitherColumnIsANoOpButStillChecksTheContract() {
    Table table = createTable(ORDERS);
    String before = metadataLocation(table);
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.required("missing", Types.LongType.get()));
    SchemaEvolutionHelper helper = new SchemaEvolutionHelper(table);

    helper.enforceRename("nope", "still_nope");
    assertThatThrownBy(() -> helper.enforceRename("nope", "still_nope", null, contract))
        .isInstanceOf(SchemaContractViolation.class)
        .hasMessageContaining("missing required column missing");

    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  @Test
  void enforceRenameWhenOnlyNewNameExistsIsAlreadyDone() {
    Table table = createTable(ORDERS);
    String before = metadataLocation(table);

    new SchemaEvolutionHelper(table).enforceRename("gross_amount", "amount");

    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  @Test
  void enforceRenameWhenOnlyNewNameExistsWritesAChangedDoc() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table).enforceRename("gross_amount", "amount", "gross, in EUR");

    NestedField amount = reload(table).schema().findField("amount");
    assertThat(amount.fieldId()).isEqualTo(2);
    assertThat(amount.doc()).isEqualTo("gross, in EUR");
  }

  @Test
  void enforceRenameRenamesAndKeepsTheFieldId() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table).enforceRename("amount", "gross_amount", "gross, in EUR");

    Schema after = reload(table).schema();
    assertThat(after.findField("amount")).isNull();
    assertThat(after.findField("gross_amount").fieldId()).isEqualTo(2);
    assertThat(after.findField("gross_amount").doc()).isEqualTo("gross, in EUR");
  }

  @Test
  void enforceRenameIsIdempotent() {
    Table table = createTable(ORDERS);
    SchemaEvolutionHelper helper = new SchemaEvolutionHelper(table);
    helper.enforceRename("amount", "gross_amount");
    String before = metadataLocation(table);

    helper.enforceRename("amount", "gross_amount");

    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  @Test
  void enforceRenameRenamesANestedField() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table).enforceRename("address.zip", "address.zip_code");

    assertThat(reload(table).schema().findField("address.zip_code").fieldId()).isEqualTo(5);
  }

  @Test
  void enforceRenameCollisionArchivesTheBlockingColumnThenRenames() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table).enforceRename("amount", "total", "gross");

    Schema after = reload(table).schema();
    NestedField legacy = after.findField("total__legacy_1");
    assertThat(legacy.fieldId()).isEqualTo(3);
    assertThat(legacy.isOptional()).isTrue();
    assertThat(legacy.doc()).isEqualTo("[ARCHIVED] net");
    assertThat(after.findField("total").fieldId()).isEqualTo(2);
    assertThat(after.findField("total").doc()).isEqualTo("gross");
    assertThat(after.findField("amount")).isNull();
  }

  @Test
  void enforceRenameCollisionInANestedStructIsScopedToTheStruct() {
    Table table = createTable(ORDERS);

    new SchemaEvolutionHelper(table).enforceRename("address.zip", "address.postal_code");

    Schema after = reload(table).schema();
    assertThat(after.findField("address.postal_code__legacy_1").fieldId()).isEqualTo(6);
    assertThat(after.findField("address.postal_code").fieldId()).isEqualTo(5);
    assertThat(after.findField("postal_code__legacy_1")).isNull();
  }

  @Test
  void enforceRenameOfANestedFieldTakesTheBareNewName() {
    Table table = createTable(ORDERS);
    SchemaEvolutionHelper helper = new SchemaEvolutionHelper(table);

    helper.enforceRename("address.zip", "zip_code");
    String renamed = metadataLocation(reload(table));
    helper.enforceRename("address.zip", "zip_code");

    Schema after = reload(table).schema();
    assertThat(after.findField("address.zip_code").fieldId()).isEqualTo(5);
    assertThat(after.findField("address.zip")).isNull();
    assertThat(after.findField("zip_code")).isNull();
    assertThat(metadataLocation(reload(table))).isEqualTo(renamed);
  }

  @Test
  void enforceRenameRejectsAPathWithAnotherParent() {
    Table table = createTable(ORDERS);
    String before = metadataLocation(table);

    assertThatThrownBy(
            () -> new SchemaEvolutionHelper(table).enforceRename("address.zip", "billing.zip"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot rename column %s.address.zip to billing.zip: both names must share a parent"
                + " struct",
            table.name());
    assertThatThrownBy(() -> new SchemaEvolutionHelper(table).enforceRename("amount", "a.amount"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("both names must share a parent struct");
    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  @Test
  void updateColumnDocClearsTheDocARenameSet() {
    Table table = createTable(ORDERS);
    SchemaEvolutionHelper helper = new SchemaEvolutionHelper(table);
    helper.enforceRename("address.zip", "zip_code", "five digits");

    helper.enforceRename("address.zip_code", "zip");
    helper.updateColumnDoc("address.zip", null);

    assertThat(reload(table).schema().asStruct()).isEqualTo(ORDERS.asStruct());
  }

  @Test
  void updateColumnDocSetsADocAndCommitsNothingWhenItIsAlreadyThere() {
    Table table = createTable(ORDERS);
    SchemaEvolutionHelper helper = new SchemaEvolutionHelper(table);

    helper.updateColumnDoc("id", "the order");
    String set = metadataLocation(reload(table));
    helper.updateColumnDoc("id", "the order");

    assertThat(reload(table).schema().findField("id").doc()).isEqualTo("the order");
    assertThat(metadataLocation(reload(table))).isEqualTo(set);
  }

  @Test
  void updateColumnDocRefusesAMissingColumn() {
    Table table = createTable(ORDERS);

    assertThatThrownBy(() -> new SchemaEvolutionHelper(table).updateColumnDoc("address.city", "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot update doc of column %s.address.city: it does not exist", table.name());
  }

  @Test
  void enforceRenameRejectsAMissingParentStruct() {
    Table table = createTable(ORDERS);

    assertThatThrownBy(
            () ->
                new SchemaEvolutionHelper(table)
                    .enforceRename("shipping.carrier", "shipping.courier"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot rename column %s.shipping.carrier: parent struct shipping does not exist",
            table.name());
  }

  @Test
  void enforceRenameRefusesToArchiveAPartitionSourceColumn() {
    Table table =
        createTable(
            ORDERS,
            PartitionSpec.builderFor(ORDERS).bucket("total", 4).build(),
            SortOrder.unsorted());
    assertCollisionRefused(table, "the partition spec (partition field total_bucket)");
  }

  @Test
  void enforceRenameRefusesToArchiveASortOrderColumn() {
    Table table =
        createTable(
            ORDERS,
            PartitionSpec.unpartitioned(),
            SortOrder.builderFor(ORDERS).desc("total").build());
    assertCollisionRefused(table, "the sort order");
  }

  @Test
  void enforceRenameRefusesToArchiveAnIdentifierField() {
    Table table = createTable(ORDERS);
    table.updateSchema().setIdentifierFields("total").commit();
    assertCollisionRefused(table, "the identifier fields");
  }

  private void assertCollisionRefused(Table table, String reference) {
    String before = metadataLocation(table);

    assertThatThrownBy(() -> new SchemaEvolutionHelper(table).enforceRename("amount", "total"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot archive column " + table.name() + ".total")
        .hasMessageContaining(reference);
    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  @Test
  void enforceRenameChecksTheContractAfterTheRename() {
    Table table = createTable(ORDERS);
    SchemaContract contract =
        SchemaContract.strict(
            ColumnSpec.required("id", Types.LongType.get()),
            ColumnSpec.required("gross", Types.LongType.get()));

    assertThatThrownBy(
            () -> new SchemaEvolutionHelper(table).enforceRename("amount", "gross", null, contract))
        .isInstanceOf(SchemaContractViolation.class)
        .satisfies(
            e ->
                assertThat(((SchemaContractViolation) e).violations())
                    .containsExactly(
                        "unexpected column total (long) is not in the strict contract",
                        "unexpected column address (struct<5: zip: optional string, 6: postal_code: optional"
                            + " string>) is not in the strict contract"));
    assertThat(reload(table).schema().findField("gross").fieldId()).isEqualTo(2);
  }
}
