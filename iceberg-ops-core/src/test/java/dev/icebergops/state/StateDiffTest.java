package dev.icebergops.state;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.TableChange.Kind;
import dev.icebergops.schema.SchemaDiff;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** The one diff of table states: identity by uuid, then every part of a table's layout. */
class StateDiffTest {

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              required(1, "id", Types.LongType.get()),
              optional(2, "qty", Types.IntegerType.get()),
              optional(3, "note", Types.StringType.get())),
          Set.of(1));

  private static TableState table(String name) {
    return TableState.of(name, metadata(name));
  }

  private static TableMetadata metadata(String name) {
    return TableMetadata.newTableMetadata(
        SCHEMA, PartitionSpec.unpartitioned(), "s3://b/" + name, Map.of());
  }

  @Test
  void sameUuidUnderAnotherNameIsARenameAndAnotherUuidUnderTheSameNameIsAReplacement() {
    TableMetadata orders = metadata("orders");

    List<TableDiff> diffs =
        StateDiff.between(
            Map.of("orders", TableState.of("orders", orders), "audit", table("audit")),
            Map.of("orders_v1", TableState.of("orders_v1", orders), "audit", table("audit")));

    assertThat(diffs)
        .extracting(TableDiff::kind, TableDiff::name)
        .containsExactly(tuple(Kind.REPLACED, "audit"), tuple(Kind.RENAMED, "orders_v1"));
    assertThat(diffs.get(1).before().name()).isEqualTo("orders");
    assertThat(diffs.get(0).isEmpty()).isFalse();
  }

  @Test
  void tablesOnOneSideOnlyAreCreatedOrDroppedAndAnUntouchedTableIsLeftOut() {
    TableState orders = table("orders");

    List<TableDiff> diffs =
        StateDiff.between(
            Map.of("orders", orders, "gone", table("gone")),
            Map.of("orders", orders, "fresh", table("fresh")));

    assertThat(diffs)
        .extracting(TableDiff::kind, TableDiff::name)
        .containsExactly(tuple(Kind.CREATED, "fresh"), tuple(Kind.DROPPED, "gone"));
    assertThat(diffs.get(0).schema().added()).hasSize(3);
    assertThat(diffs.get(1).schema().isEmpty()).isTrue();
  }

  @Test
  void identifierFieldsColumnOrderFormatVersionLocationSortOrderAndPropertiesAreEachSeen() {
    TableMetadata base =
        TableMetadata.newTableMetadata(SCHEMA, PartitionSpec.unpartitioned(), "s3://b/t", Map.of());
    Schema reordered =
        new Schema(
            List.of(SCHEMA.findField(2), SCHEMA.findField(1), SCHEMA.findField(3)), Set.of());
    TableMetadata changed =
        TableMetadata.buildFrom(base)
            .setCurrentSchema(reordered, 3)
            .upgradeFormatVersion(3)
            .setLocation("s3://b/moved")
            .setProperties(Map.of("k", "v"))
            .setDefaultSortOrder(SortOrder.builderFor(reordered).asc("id").build())
            .build();

    TableDiff diff =
        StateDiff.between(
                Map.of("t", TableState.of("t", base)), Map.of("t", TableState.of("t", changed)))
            .get(0);

    assertThat(diff.kind()).isEqualTo(Kind.CHANGED);
    assertThat(diff.schema().isEmpty()).isTrue();
    assertThat(diff.identifierFieldsChanged()).isTrue();
    assertThat(diff.columnOrders())
        .containsExactly(
            Map.entry("", List.of(List.of("id", "qty", "note"), List.of("qty", "id", "note"))));
    assertThat(diff.formatVersionChanged()).isTrue();
    assertThat(diff.locationChanged()).isTrue();
    assertThat(diff.sortOrderChanged()).isTrue();
    assertThat(diff.properties()).containsExactly(new TableDiff.PropertyChange("k", null, "v"));
  }

  @Test
  void aBranchAddedAndATagRemovedAreSeenByName() {
    TableState base = table("t");
    TableState tagged = withRefs(base, List.of("tag v1", "tag v2"));
    TableState branched = withRefs(base, List.of("tag v2", "branch audit"));

    TableDiff diff = StateDiff.between(Map.of("t", tagged), Map.of("t", branched)).get(0);

    assertThat(diff.kind()).isEqualTo(Kind.CHANGED);
    assertThat(diff.refsAdded()).containsExactly("branch audit");
    assertThat(diff.refsRemoved()).containsExactly("tag v1");
    assertThat(StateDiff.between(Map.of("t", branched), Map.of("t", branched))).isEmpty();
  }

  private static TableState withRefs(TableState state, List<String> refs) {
    return new TableState(
        state.name(),
        state.uuid(),
        state.schema(),
        state.partition(),
        state.sortOrder(),
        state.formatVersion(),
        state.location(),
        state.properties(),
        state.metadataLocation(),
        state.snapshotId(),
        state.origin(),
        refs,
        state.view());
  }

  @Test
  void columnsAlignedByPathKeepTheirDefaults() {
    Types.NestedField status =
        Types.NestedField.required("status")
            .withId(4)
            .ofType(Types.StringType.get())
            .withInitialDefault(Expressions.lit("legacy"))
            .withWriteDefault(Expressions.lit("new"))
            .build();
    Schema earlier = new Schema(required(1, "id", Types.LongType.get()), status);
    Schema later =
        new Schema(
            required(1, "id", Types.LongType.get()),
            Types.NestedField.from(status).withId(7).build()); // another id on the same path

    Schema aligned = ColumnPaths.align(earlier, later).schema();

    assertThat(aligned.findField("status").fieldId()).isEqualTo(4);
    assertThat(aligned.findField("status").initialDefault()).hasToString("legacy");
    assertThat(aligned.findField("status").writeDefault()).hasToString("new");
    assertThat(SchemaDiff.between(earlier, aligned).isEmpty()).isTrue();
  }
}
