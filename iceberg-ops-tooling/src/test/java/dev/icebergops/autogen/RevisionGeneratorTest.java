package dev.icebergops.autogen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.IcebergTypes;
import dev.icebergops.schema.SchemaContract;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.Test;

/**
 * Generated revisions compile, and applied by the runner on the REST catalog they make the table
 * conform to the target; their downgrades undo what can be undone and throw first otherwise.
 */
class RevisionGeneratorTest extends GeneratedRevisionTestBase {

  @Test
  void addsColumnsWithDocsAsOptionalAndPromotesInPlace() throws IOException {
    Table orders =
        create(
            "orders",
            NestedField.required(1, "id", Types.LongType.get()),
            NestedField.optional(2, "quantity", Types.IntegerType.get()));
    SchemaContract contract =
        new SchemaContract(
            List.of(
                ColumnSpec.required("id", Types.LongType.get()),
                ColumnSpec.optional("quantity", Types.LongType.get()),
                ColumnSpec.required("region", Types.StringType.get()).withDoc("Sales \"region\"")),
            false);

    Revision revision =
        RevisionGenerator.forTable("orders", orders).against(contract).orElseThrow();
    assertThat(revision.changes())
        .containsExactly("promote quantity int -> long", "add region (string)");
    MigrationRunner runner = write(revision);
    runner.migrate();

    assertThat(contract.validate(table("orders"))).isEmpty();
    NestedField region = table("orders").schema().findField("region");
    assertThat(region.isOptional()).as("added as optional").isTrue();
    assertThat(region.doc()).isEqualTo("Sales \"region\"");
    assertThatThrownBy(() -> runner.rollback(1))
        .isInstanceOf(MigrationException.class)
        .hasCauseInstanceOf(IrreversibleMigrationException.class)
        .hasMessageContaining("it is irreversible: Cannot undo promote quantity int -> long");
    assertThat(columns("orders")).as("downgrade threw first").contains("region");
  }

  @Test
  void renamesFromHintsOnlyAndTheDowngradeUndoesRenamesAndAdditions() throws IOException {
    Table payments =
        create(
            "payments",
            NestedField.required(1, "id", Types.LongType.get()),
            NestedField.optional(2, "amount", Types.DoubleType.get()));
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.required("id", Types.LongType.get()),
            ColumnSpec.optional("gross_amount", Types.DoubleType.get()));

    Revision unhinted =
        RevisionGenerator.forTable("payments", payments).against(contract).orElseThrow();
    assertThat(unhinted.changes()).as("never guessed").containsExactly("add gross_amount (double)");

    Revision revision =
        RevisionGenerator.forTable("payments", payments)
            .withRenameHints(Map.of("amount", "gross_amount"))
            .against(contract)
            .orElseThrow();
    assertThat(revision.changes()).containsExactly("rename amount -> gross_amount");
    assertThat(revision.irreversible()).isFalse();
    MigrationRunner runner = write(revision);
    runner.migrate();
    assertThat(table("payments").schema().findField("gross_amount").fieldId()).isEqualTo(2);

    runner.rollback(1);
    assertThat(columns("payments")).containsExactly("id", "amount");
  }

  @Test
  void dropsOnlyForAStrictContractAndTheDowngradeThrowsFirst() throws IOException {
    Table events =
        create(
            "events",
            NestedField.required(1, "id", Types.LongType.get()),
            NestedField.optional(2, "legacy", Types.StringType.get()));
    ColumnSpec id = ColumnSpec.required("id", Types.LongType.get());

    assertThat(RevisionGenerator.forTable("events", events).against(SchemaContract.of(id)))
        .isEmpty();
    Revision revision =
        RevisionGenerator.forTable("events", events)
            .against(SchemaContract.strict(id))
            .orElseThrow();

    assertThat(revision.changes()).containsExactly("drop legacy (string)");
    MigrationRunner runner = write(revision);
    runner.migrate();
    assertThat(columns("events")).containsExactly("id");
    assertThatThrownBy(() -> runner.rollback(1))
        .isInstanceOf(MigrationException.class)
        .hasCauseInstanceOf(IrreversibleMigrationException.class)
        .hasMessageContaining("Cannot undo drop legacy (string)");
  }

  @Test
  void aTypeChangeThatIsNoPromotionMakesUpgradeThrowBeforeAnyStep() throws IOException {
    Table events =
        create(
            "events",
            NestedField.required(1, "id", Types.LongType.get()),
            NestedField.optional(2, "duration", Types.IntegerType.get()));
    SchemaContract contract =
        SchemaContract.of(
            ColumnSpec.optional("duration", Types.StringType.get()),
            ColumnSpec.optional("note", Types.StringType.get()));

    Revision revision =
        RevisionGenerator.forTable("events", events).against(contract).orElseThrow();
    String source = revision.toJava(null, "V0001__Generated");

    assertThat(revision.needsManualChange()).isTrue();
    assertThat(source)
        .contains(
            "    // ctx.enforceColumn(\"events\", \"duration\", \"string\"); // int -> string")
        .contains("    // ctx.enforceColumn(\"events\", \"note\", \"string\");")
        .as("never opts in to archival itself")
        .doesNotContain(", EnforceOptions.legacyArchival())");
    MigrationRunner runner = write(revision);
    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("change type of duration int -> string (not a promotion)");
    assertThat(columns("events")).containsExactly("id", "duration");
  }

  @Test
  void aSchemaTargetAddsANestedStructAndDropsWhatItLacks() throws IOException {
    Table customers =
        create(
            "customers",
            NestedField.required(1, "id", Types.LongType.get()),
            NestedField.optional(2, "fax", Types.StringType.get()));
    Schema target =
        new Schema(
            NestedField.required(1, "id", Types.LongType.get()),
            NestedField.optional(
                3,
                "address",
                Types.StructType.of(
                    NestedField.required(4, "street", Types.StringType.get()),
                    NestedField.optional(5, "zip", Types.StringType.get(), "Postal code"))),
            NestedField.optional(6, "tags", Types.ListType.ofOptional(7, Types.StringType.get())));
    Schema fromJson = SchemaParser.fromJson(SchemaParser.toJson(target));

    Revision revision =
        RevisionGenerator.forTable("customers", customers).against(fromJson).orElseThrow();
    assertThat(revision.changes())
        .containsExactly(
            "add address (struct<4: street: required string, 5: zip: optional string (Postal"
                + " code)>)",
            "add tags (list<string>)",
            "drop fax (string)");
    write(revision).migrate();

    Schema live = table("customers").schema();
    assertThat(columns("customers")).containsExactly("id", "address", "tags");
    assertThat(IcebergTypes.structurallyEqual(live.asStruct(), target.asStruct())).isTrue();
  }

  @Test
  void nothingToDoGivesNoRevision() {
    Table t = create("t", NestedField.required(1, "id", Types.LongType.get()));
    assertThat(
            RevisionGenerator.forTable("t", t)
                .against(SchemaContract.strict(ColumnSpec.required("id", Types.LongType.get()))))
        .isEmpty();
  }

  @Test
  void refusesAFormatVersion3TypeForAVersion2Table() {
    Table t =
        create(
            "t",
            Map.of("format-version", "2"),
            NestedField.required(1, "id", Types.LongType.get()));
    SchemaContract contract =
        SchemaContract.of(ColumnSpec.optional("at", IcebergTypes.parse("timestamp_ns")));

    assertThatThrownBy(() -> RevisionGenerator.forTable("t", t).against(contract))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot autogenerate a revision for t: column at has type timestamp_ns, which needs"
                + " table format version 3; the table is at format version 2");
  }

  @Test
  void renameHintMustNameAnExistingColumnAndADeclaredOne() {
    Table t =
        create(
            "t",
            NestedField.required(1, "id", Types.LongType.get()),
            NestedField.optional(2, "a", Types.StringType.get()));
    SchemaContract contract = SchemaContract.of(ColumnSpec.optional("b", Types.StringType.get()));

    assertThatThrownBy(
            () ->
                RevisionGenerator.forTable("t", t)
                    .withRenameHints(Map.of("x", "b"))
                    .against(contract))
        .hasMessage("Cannot use rename hint x:b: t has no column x");
    assertThatThrownBy(
            () ->
                RevisionGenerator.forTable("t", t)
                    .withRenameHints(Map.of("a", "c"))
                    .against(contract))
        .hasMessage("Cannot use rename hint a:c: the target does not declare c");
  }
}
