package dev.icebergops.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.schema.FieldChange.ChangeType;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.Test;

class SchemaDiffTest {

  /** A schema with one of each shape: primitives, a struct, a list of structs, a map. */
  private static Schema base() {
    return schema(
        id(),
        name("customer name"),
        address(street(), zip()),
        tags(label()),
        attrs(value()),
        optional(13, "amount", Types.DecimalType.of(10, 2)));
  }

  private static Schema schema(NestedField... fields) {
    return new Schema(fields);
  }

  private static NestedField id() {
    return required(1, "id", Types.LongType.get());
  }

  private static NestedField name(String doc) {
    return optional(2, "name", Types.StringType.get(), doc);
  }

  private static NestedField address(NestedField... fields) {
    return optional(3, "address", Types.StructType.of(fields));
  }

  private static NestedField street() {
    return required(4, "street", Types.StringType.get());
  }

  private static NestedField zip() {
    return optional(5, "zip", Types.IntegerType.get());
  }

  private static NestedField tags(NestedField... elementFields) {
    return optional(6, "tags", Types.ListType.ofOptional(7, Types.StructType.of(elementFields)));
  }

  private static NestedField label() {
    return optional(8, "label", Types.StringType.get());
  }

  private static NestedField attrs(NestedField... valueFields) {
    return optional(
        9,
        "attrs",
        Types.MapType.ofOptional(10, 11, Types.StringType.get(), Types.StructType.of(valueFields)));
  }

  private static NestedField value() {
    return optional(12, "v", Types.IntegerType.get());
  }

  private static NestedField amount() {
    return optional(13, "amount", Types.DecimalType.of(10, 2));
  }

  @Test
  void identicalSchemasHaveAnEmptyDiff() {
    SchemaDiff diff = SchemaDiff.between(base(), base());

    assertThat(diff.isEmpty()).isTrue();
    assertThat(diff.all()).isEmpty();
    assertThat(diff.added()).isEmpty();
    assertThat(diff.removed()).isEmpty();
    assertThat(diff.changed()).isEmpty();
    assertThat(diff.summary()).isEqualTo("Schemas are identical.");
    assertThat(diff).hasToString("Schemas are identical.");
  }

  @Test
  void reorderingColumnsIsNotAChange() {
    Schema reordered =
        schema(
            amount(),
            attrs(value()),
            tags(label()),
            address(zip(), street()),
            name("customer name"),
            id());

    assertThat(SchemaDiff.between(base(), reordered).isEmpty()).isTrue();
  }

  @Test
  void addedTopLevelColumnIsReportedWithItsType() {
    Schema after = withExtra(base(), optional(14, "email", Types.StringType.get()));

    SchemaDiff diff = SchemaDiff.between(base(), after);

    assertThat(diff.added())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::newType)
        .containsExactly(tuple(ChangeType.ADDED, 14, "email", "string"));
    assertThat(diff.added().get(0).oldType()).isNull();
    assertThat(diff.removed()).isEmpty();
    assertThat(diff.changed()).isEmpty();
  }

  @Test
  void addedFieldInAStructIsReportedByItsFullPath() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            address(street(), zip(), optional(14, "city", Types.StringType.get())),
            tags(label()),
            attrs(value()),
            amount());

    assertThat(SchemaDiff.between(base(), after).all())
        .extracting(FieldChange::changeType, FieldChange::fieldId, FieldChange::name)
        .containsExactly(tuple(ChangeType.ADDED, 14, "address.city"));
  }

  @Test
  void addedFieldInAListElementStructIsReportedByItsFullPath() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            address(street(), zip()),
            tags(label(), optional(14, "color", Types.StringType.get())),
            attrs(value()),
            amount());

    assertThat(SchemaDiff.between(base(), after).all())
        .extracting(FieldChange::changeType, FieldChange::fieldId, FieldChange::name)
        .containsExactly(tuple(ChangeType.ADDED, 14, "tags.element.color"));
  }

  @Test
  void addedFieldInAMapValueStructIsReportedByItsFullPath() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            address(street(), zip()),
            tags(label()),
            attrs(value(), optional(14, "w", Types.DoubleType.get())),
            amount());

    assertThat(SchemaDiff.between(base(), after).all())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::newType)
        .containsExactly(tuple(ChangeType.ADDED, 14, "attrs.value.w", "double"));
  }

  @Test
  void removedTopLevelColumnIsReportedWithItsOldType() {
    Schema after = schema(id(), address(street(), zip()), tags(label()), attrs(value()), amount());

    SchemaDiff diff = SchemaDiff.between(base(), after);

    assertThat(diff.removed())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::oldType)
        .containsExactly(tuple(ChangeType.REMOVED, 2, "name", "string"));
    assertThat(diff.removed().get(0).newType()).isNull();
    assertThat(diff.added()).isEmpty();
    assertThat(diff.changed()).isEmpty();
  }

  @Test
  void removedNestedFieldIsReportedByItsOldPath() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            address(street()),
            tags(label()),
            attrs(value()),
            amount());

    assertThat(SchemaDiff.between(base(), after).all())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::oldType)
        .containsExactly(tuple(ChangeType.REMOVED, 5, "address.zip", "int"));
  }

  @Test
  void renamedTopLevelColumnIsARenameNotARemovePlusAdd() {
    Schema after =
        schema(
            id(),
            optional(2, "customer_name", Types.StringType.get(), "customer name"),
            address(street(), zip()),
            tags(label()),
            attrs(value()),
            amount());

    SchemaDiff diff = SchemaDiff.between(base(), after);

    assertThat(diff.added()).isEmpty();
    assertThat(diff.removed()).isEmpty();
    assertThat(diff.changed())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::oldName)
        .containsExactly(tuple(ChangeType.RENAMED, 2, "customer_name", "name"));
  }

  @Test
  void renamedNestedFieldReportsFullNewAndOldPaths() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            address(required(4, "line1", Types.StringType.get()), zip()),
            tags(optional(8, "tag", Types.StringType.get())),
            attrs(value()),
            amount());

    assertThat(SchemaDiff.between(base(), after).changed())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::oldName)
        .containsExactly(
            tuple(ChangeType.RENAMED, 4, "address.line1", "address.street"),
            tuple(ChangeType.RENAMED, 8, "tags.element.tag", "tags.element.label"));
  }

  @Test
  void renamedParentStructDoesNotReportItsChildrenAsRenamed() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            optional(3, "location", Types.StructType.of(street(), zip())),
            tags(label()),
            attrs(value()),
            amount());

    assertThat(SchemaDiff.between(base(), after).all())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::oldName)
        .containsExactly(tuple(ChangeType.RENAMED, 3, "location", "address"));
  }

  @Test
  void changesUnderARenamedParentUseTheNewParentPath() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            optional(
                3,
                "location",
                Types.StructType.of(street(), optional(5, "zip", Types.LongType.get()))),
            tags(label()),
            attrs(value()),
            amount());

    assertThat(SchemaDiff.between(base(), after).changed())
        .extracting(
            FieldChange::changeType,
            FieldChange::fieldId,
            FieldChange::name,
            FieldChange::oldName,
            FieldChange::oldType,
            FieldChange::newType)
        .containsExactly(
            tuple(ChangeType.RENAMED, 3, "location", "address", null, null),
            tuple(ChangeType.TYPE_CHANGED, 5, "location.zip", null, "int", "long"));
  }

  @Test
  void typePromotionIsReportedAsTypeChanged() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            address(street(), optional(5, "zip", Types.LongType.get())),
            tags(label()),
            attrs(value()),
            optional(13, "amount", Types.DecimalType.of(12, 2)));

    SchemaDiff diff = SchemaDiff.between(base(), after);

    assertThat(diff.changed())
        .extracting(
            FieldChange::changeType,
            FieldChange::fieldId,
            FieldChange::name,
            FieldChange::oldType,
            FieldChange::newType)
        .containsExactly(
            tuple(ChangeType.TYPE_CHANGED, 5, "address.zip", "int", "long"),
            tuple(ChangeType.TYPE_CHANGED, 13, "amount", "decimal(10,2)", "decimal(12,2)"));
    assertThat(diff.added()).isEmpty();
    assertThat(diff.removed()).isEmpty();
  }

  @Test
  void changeInsideAStructIsNotATypeChangeOfTheStruct() {
    Schema after =
        schema(
            id(),
            name("customer name"),
            address(street(), optional(5, "zip", Types.LongType.get())),
            tags(label()),
            attrs(value()),
            amount());

    assertThat(SchemaDiff.between(base(), after).changed())
        .extracting(FieldChange::fieldId)
        .containsExactly(5);
  }

  @Test
  void docChangeIsReportedWithOldAndNewDoc() {
    Schema after = replace(base(), name("full name"));

    assertThat(SchemaDiff.between(base(), after).changed())
        .extracting(
            FieldChange::changeType,
            FieldChange::fieldId,
            FieldChange::name,
            FieldChange::oldDoc,
            FieldChange::newDoc)
        .containsExactly(tuple(ChangeType.DOC_CHANGED, 2, "name", "customer name", "full name"));
  }

  @Test
  void docAddedWhereThereWasNoneIsADocChange() {
    Schema before = replace(base(), name(null));
    Schema after = replace(base(), name("customer name"));

    assertThat(SchemaDiff.between(before, after).changed())
        .extracting(FieldChange::changeType, FieldChange::oldDoc, FieldChange::newDoc)
        .containsExactly(tuple(ChangeType.DOC_CHANGED, null, "customer name"));
  }

  @Test
  void docRemovedIsADocChange() {
    Schema after = replace(base(), name(null));

    assertThat(SchemaDiff.between(base(), after).changed())
        .extracting(FieldChange::changeType, FieldChange::oldDoc, FieldChange::newDoc)
        .containsExactly(tuple(ChangeType.DOC_CHANGED, "customer name", null));
  }

  @Test
  void requiredToOptionalIsANullabilityChange() {
    Schema after = replace(base(), optional(1, "id", Types.LongType.get()));

    assertThat(SchemaDiff.between(base(), after).changed())
        .extracting(
            FieldChange::changeType,
            FieldChange::fieldId,
            FieldChange::name,
            FieldChange::oldRequired,
            FieldChange::newRequired)
        .containsExactly(tuple(ChangeType.NULLABILITY_CHANGED, 1, "id", true, false));
  }

  @Test
  void optionalToRequiredIsANullabilityChange() {
    Schema before = replace(base(), optional(1, "id", Types.LongType.get()));

    assertThat(SchemaDiff.between(before, base()).changed())
        .extracting(
            FieldChange::changeType,
            FieldChange::fieldId,
            FieldChange::oldRequired,
            FieldChange::newRequired)
        .containsExactly(tuple(ChangeType.NULLABILITY_CHANGED, 1, false, true));
  }

  @Test
  void listElementNullabilityIsReportedAtTheElementPath() {
    Schema after =
        replace(
            base(),
            optional(6, "tags", Types.ListType.ofRequired(7, Types.StructType.of(label()))));

    assertThat(SchemaDiff.between(base(), after).changed())
        .extracting(
            FieldChange::changeType,
            FieldChange::fieldId,
            FieldChange::name,
            FieldChange::oldRequired,
            FieldChange::newRequired)
        .containsExactly(tuple(ChangeType.NULLABILITY_CHANGED, 7, "tags.element", false, true));
  }

  @Test
  void renameAndRetypeOfOneFieldYieldsTwoEntries() {
    Schema after = replace(base(), optional(13, "total", Types.DecimalType.of(14, 2)));

    assertThat(SchemaDiff.between(base(), after).changed())
        .extracting(
            FieldChange::changeType,
            FieldChange::fieldId,
            FieldChange::name,
            FieldChange::oldName,
            FieldChange::oldType,
            FieldChange::newType)
        .containsExactly(
            tuple(ChangeType.RENAMED, 13, "total", "amount", null, null),
            tuple(ChangeType.TYPE_CHANGED, 13, "total", null, "decimal(10,2)", "decimal(14,2)"));
  }

  @Test
  void everyKindOfChangeOnOneFieldIsReportedOnce() {
    Schema before = schema(optional(1, "n", Types.IntegerType.get(), "old"));
    Schema after = schema(required(1, "m", Types.LongType.get(), "new"));

    assertThat(SchemaDiff.between(before, after).changed())
        .extracting(FieldChange::changeType)
        .containsExactly(
            ChangeType.RENAMED,
            ChangeType.TYPE_CHANGED,
            ChangeType.DOC_CHANGED,
            ChangeType.NULLABILITY_CHANGED);
  }

  @Test
  void wholeStructAddedIsReportedOnceAtTheStruct() {
    Schema after =
        withExtra(
            base(),
            optional(
                14,
                "geo",
                Types.StructType.of(
                    required(15, "lat", Types.DoubleType.get()),
                    required(16, "lon", Types.DoubleType.get()))));

    SchemaDiff diff = SchemaDiff.between(base(), after);

    assertThat(diff.all())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::newType)
        .containsExactly(
            tuple(
                ChangeType.ADDED,
                14,
                "geo",
                "struct<15: lat: required double, 16: lon: required double>"));
  }

  @Test
  void wholeListOfStructsAddedIsReportedOnce() {
    Schema after =
        withExtra(
            base(),
            optional(
                14,
                "points",
                Types.ListType.ofOptional(
                    15, Types.StructType.of(optional(16, "x", Types.IntegerType.get())))));

    assertThat(SchemaDiff.between(base(), after).all())
        .extracting(FieldChange::changeType, FieldChange::fieldId)
        .containsExactly(tuple(ChangeType.ADDED, 14));
  }

  @Test
  void wholeStructRemovedIsReportedOnceAtTheStruct() {
    Schema after = schema(id(), name("customer name"), tags(label()), attrs(value()), amount());

    assertThat(SchemaDiff.between(base(), after).all())
        .extracting(
            FieldChange::changeType, FieldChange::fieldId, FieldChange::name, FieldChange::oldType)
        .containsExactly(
            tuple(
                ChangeType.REMOVED,
                3,
                "address",
                "struct<4: street: required string, 5: zip: optional int>"));
  }

  @Test
  void wholeMapRemovedIsReportedOnce() {
    Schema after =
        schema(id(), name("customer name"), address(street(), zip()), tags(label()), amount());

    assertThat(SchemaDiff.between(base(), after).all())
        .extracting(FieldChange::changeType, FieldChange::fieldId, FieldChange::name)
        .containsExactly(tuple(ChangeType.REMOVED, 9, "attrs"));
  }

  @Test
  void changesAreOrderedByFieldId() {
    Schema after =
        schema(
            optional(1, "id", Types.LongType.get()),
            optional(2, "full_name", Types.StringType.get(), "customer name"),
            address(street(), optional(5, "zip", Types.LongType.get())),
            tags(label()),
            attrs(value()),
            amount(),
            optional(15, "b", Types.StringType.get()),
            optional(14, "a", Types.StringType.get()));

    SchemaDiff diff = SchemaDiff.between(base(), after);

    assertThat(diff.changed()).extracting(FieldChange::fieldId).containsExactly(1, 2, 5);
    assertThat(diff.added()).extracting(FieldChange::fieldId).containsExactly(14, 15);
  }

  @Test
  void allListsAddedThenRemovedThenChanged() {
    Schema before =
        schema(
            required(1, "id", Types.LongType.get()), optional(2, "gone", Types.IntegerType.get()));
    Schema after =
        schema(
            optional(1, "id", Types.LongType.get()), optional(3, "new", Types.IntegerType.get()));

    assertThat(SchemaDiff.between(before, after).all())
        .extracting(FieldChange::changeType)
        .containsExactly(ChangeType.ADDED, ChangeType.REMOVED, ChangeType.NULLABILITY_CHANGED);
  }

  @Test
  void summaryListsEachSectionWithIndentedLines() {
    Schema before =
        schema(
            required(1, "id", Types.LongType.get()),
            optional(2, "name", Types.StringType.get()),
            optional(3, "legacy", Types.IntegerType.get()),
            optional(4, "amount", Types.DecimalType.of(10, 2)));
    Schema after =
        schema(
            optional(1, "id", Types.LongType.get()),
            optional(2, "full_name", Types.StringType.get(), "Full name"),
            optional(4, "amount", Types.DecimalType.of(12, 2)),
            optional(5, "email", Types.StringType.get()));

    assertThat(SchemaDiff.between(before, after).summary())
        .isEqualTo(
            "Added:\n"
                + "  email (id=5, string)\n"
                + "Removed:\n"
                + "  legacy (id=3, int)\n"
                + "Changed:\n"
                + "  id (id=1): required -> optional\n"
                + "  full_name (id=2): renamed from name\n"
                + "  full_name (id=2): doc (none) -> 'Full name'\n"
                + "  amount (id=4): type decimal(10,2) -> decimal(12,2)");
  }

  @Test
  void summaryOmitsEmptySections() {
    Schema after = replace(base(), name(null));

    assertThat(SchemaDiff.between(base(), after).summary())
        .isEqualTo("Changed:\n  name (id=2): doc 'customer name' -> (none)");
  }

  @Test
  void summaryOfOnlyAnAdditionHasOnlyTheAddedSection() {
    Schema after = withExtra(base(), optional(14, "email", Types.StringType.get()));

    assertThat(SchemaDiff.between(base(), after).summary())
        .isEqualTo("Added:\n  email (id=14, string)");
  }

  @Test
  void diffsWithTheSameChangesAreEqual() {
    Schema after = withExtra(base(), optional(14, "email", Types.StringType.get()));

    assertThat(SchemaDiff.between(base(), after)).isEqualTo(SchemaDiff.between(base(), after));
    assertThat(SchemaDiff.between(base(), after)).isNotEqualTo(SchemaDiff.between(after, base()));
  }

  @Test
  void listsAreUnmodifiable() {
    SchemaDiff diff =
        SchemaDiff.between(base(), withExtra(base(), optional(14, "e", Types.StringType.get())));

    assertThatThrownBy(() -> diff.added().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void nullSchemasAreRejected() {
    assertThatThrownBy(() -> SchemaDiff.between(null, base()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("before");
    assertThatThrownBy(() -> SchemaDiff.between(base(), null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("after");
  }

  private static Schema withExtra(Schema schema, NestedField extra) {
    List<NestedField> fields = new ArrayList<>(schema.columns());
    fields.add(extra);
    return new Schema(fields);
  }

  private static Schema replace(Schema schema, NestedField replacement) {
    List<NestedField> fields = new ArrayList<>(schema.columns());
    fields.replaceAll(f -> f.fieldId() == replacement.fieldId() ? replacement : f);
    return new Schema(fields);
  }
}
