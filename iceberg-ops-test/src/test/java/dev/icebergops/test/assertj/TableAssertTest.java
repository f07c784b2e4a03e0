package dev.icebergops.test.assertj;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.SchemaContract;
import java.util.Map;
import org.apache.iceberg.NullOrder;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TableAssertTest {

  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "ts", Types.TimestampType.withZone()),
          Types.NestedField.optional(3, "region", Types.StringType.get()));

  private InMemoryCatalog catalog;
  private Table orders;
  private Table plain;

  @BeforeEach
  void createTables() {
    catalog = new InMemoryCatalog();
    catalog.initialize("memory", Map.of());
    catalog.createNamespace(Namespace.of("sales"));
    orders =
        catalog
            .buildTable(TableIdentifier.of("sales", "orders"), SCHEMA)
            .withPartitionSpec(
                PartitionSpec.builderFor(SCHEMA)
                    .day("ts")
                    .bucket("id", 16)
                    .identity("region")
                    .build())
            .withSortOrder(
                SortOrder.builderFor(SCHEMA).asc("ts").desc("id", NullOrder.NULLS_LAST).build())
            .withProperty("owner", "sales-team")
            .create();
    plain = catalog.createTable(TableIdentifier.of("sales", "plain"), SCHEMA);
  }

  @Test
  void refreshesTheTableFirst() {
    catalog
        .loadTable(TableIdentifier.of("sales", "plain"))
        .updateSchema()
        .addColumn("added_elsewhere", Types.StringType.get())
        .commit();
    assertThat(plain).hasColumn("added_elsewhere").ofType("string");
  }

  @Test
  void schemaAssertionsOnTheTable() {
    assertThat(orders)
        .conformsTo(SchemaContract.of(ColumnSpec.required("id", Types.LongType.get())))
        .hasColumn("ts")
        .ofType(Types.TimestampType.withZone())
        .and()
        .hasProperty("owner", "sales-team")
        .hasNoLegacyColumns();
    assertThatThrownBy(() -> assertThat(orders).hasColumn("amount"))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting actual:%n"
                    + "  table memory.sales.orders {%n"
                    + "    1: id: required long%n"
                    + "    2: ts: optional timestamptz%n"
                    + "    3: region: optional string%n"
                    + "  }%n"
                    + "to have column:%n"
                    + "  \"amount\"%n"
                    + "but it does not"));
    assertThatThrownBy(
            () ->
                assertThat(orders)
                    .conformsTo(
                        SchemaContract.of(ColumnSpec.required("id", Types.IntegerType.get()))))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("table memory.sales.orders {")
        .hasMessageEndingWith(
            String.format(
                "but it violates 1 contract line:%n  - column id has type long, expected int"));
  }

  @Test
  void hasPartitionField() {
    assertThat(orders)
        .hasPartitionField("ts", "day")
        .hasPartitionField("id", "bucket[16]")
        .hasPartitionField("id", "BUCKET(16)")
        .hasPartitionField("region", "identity");
    assertThatThrownBy(() -> assertThat(orders).hasPartitionField("ts", "hour"))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting actual:%n"
                    + "  table memory.sales.orders partitioned by:%n"
                    + "    day(ts) as ts_day%n"
                    + "    bucket[16](id) as id_bucket%n"
                    + "    identity(region) as region%n"
                    + "to have partition field:%n"
                    + "  hour(ts)%n"
                    + "but it does not"));
  }

  @Test
  void isUnpartitioned() {
    assertThat(plain).isUnpartitioned();
    assertThatThrownBy(() -> assertThat(orders).isUnpartitioned())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("day(ts) as ts_day")
        .hasMessageEndingWith(String.format("to be unpartitioned%nbut it is not"));
    assertThatThrownBy(() -> assertThat(plain).hasPartitionField("ts", "day"))
        .hasMessageContaining("table memory.sales.plain is unpartitioned");
  }

  @Test
  void hasSortOrder() {
    assertThat(orders)
        .hasSortOrder("ts", "id desc")
        .hasSortOrder("ts asc nulls first", "id DESC NULLS LAST");
    assertThatThrownBy(() -> assertThat(orders).hasSortOrder("id desc", "ts asc"))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting actual:%n"
                    + "  table memory.sales.orders sorted by:%n"
                    + "    ts asc nulls first%n"
                    + "    id desc nulls last%n"
                    + "to be sorted by:%n"
                    + "  id desc%n"
                    + "  ts asc%n"
                    + "but it is not"));
    assertThatThrownBy(() -> assertThat(orders).hasSortOrder("ts", "id desc nulls first"))
        .hasMessageContaining("id desc nulls first");
    assertThatThrownBy(() -> assertThat(orders).hasSortOrder("ts sideways"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot parse sort field: 'ts sideways', expected '<column> [asc|desc] [nulls"
                + " first|nulls last]'");
  }

  @Test
  void isUnsorted() {
    assertThat(plain).isUnsorted();
    assertThatThrownBy(() -> assertThat(orders).isUnsorted())
        .isInstanceOf(AssertionError.class)
        .hasMessageEndingWith(String.format("id desc nulls last%nto be unsorted%nbut it is not"));
    assertThatThrownBy(() -> assertThat(plain).hasSortOrder("id"))
        .hasMessageContaining("table memory.sales.plain is unsorted");
  }

  @Test
  void hasProperty() {
    assertThat(orders).hasProperty("owner", "sales-team");
    assertThatThrownBy(() -> assertThat(orders).hasProperty("owner", "ops"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("table memory.sales.orders with properties:")
        .hasMessageContaining("    owner=sales-team%n".formatted())
        .hasMessageEndingWith(
            String.format("to have property:%n  owner=ops%nbut its value is:%n  sales-team"));
    assertThatThrownBy(() -> assertThat(plain).hasProperty("owner", "ops"))
        .hasMessageEndingWith(String.format("to have property:%n  owner=ops%nbut it is not set"));
  }

  @Test
  void doesNotHaveProperty() {
    assertThat(plain).doesNotHaveProperty("owner");
    assertThatThrownBy(() -> assertThat(orders).doesNotHaveProperty("owner"))
        .isInstanceOf(AssertionError.class)
        .hasMessageEndingWith(
            String.format("not to have property:%n  owner%nbut it is set to:%n  sales-team"));
  }

  @Test
  void propertyFailuresMaskSecretValues() {
    orders.updateProperties().set("s3.secret-access-key", "hunter2-secret").commit();
    assertThatThrownBy(() -> assertThat(orders).hasProperty("s3.secret-access-key", "guess-1234"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("    s3.secret-access-key=****%n".formatted())
        .hasMessageEndingWith(
            String.format(
                "to have property:%n  s3.secret-access-key=****%nbut its value is:%n  ****"))
        .message()
        .doesNotContain("hunter2-secret")
        .doesNotContain("guess-1234");
    assertThatThrownBy(() -> assertThat(orders).doesNotHaveProperty("s3.secret-access-key"))
        .message()
        .doesNotContain("hunter2-secret")
        .endsWith(
            String.format(
                "not to have property:%n  s3.secret-access-key%nbut it is set to:%n  ****"));
    assertThatThrownBy(() -> assertThat(orders).hasProperty("owner", "ops"))
        .message()
        .doesNotContain("hunter2-secret");
  }
}
