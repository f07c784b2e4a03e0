package dev.icebergops.migration;

import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.internal.LayoutChanges;
import dev.icebergops.migration.internal.PropertyChanges;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.NullOrder;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * The MigrationContext's value types and argument checks, which need no catalog round trip: the
 * partition field and sort column records, the table options, and the S3 Tables detection.
 */
class MigrationContextArgumentsTest {

  static final Schema SCHEMA = new Schema(required(1, "id", Types.LongType.get()));

  /** A catalog that knows tables but not namespaces. */
  static final class FlatCatalog implements Catalog {
    @Override
    public List<TableIdentifier> listTables(Namespace namespace) {
      return List.of();
    }

    @Override
    public boolean dropTable(TableIdentifier identifier, boolean purge) {
      return false;
    }

    @Override
    public void renameTable(TableIdentifier from, TableIdentifier to) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Table loadTable(TableIdentifier identifier) {
      throw new NoSuchTableException("Table does not exist: %s", identifier);
    }

    @Override
    public String name() {
      return "flat";
    }
  }

  // --- constructor ------------------------------------------------------------------------------

  @Test
  void contextNeedsACatalogAndANamespace() {
    InMemoryCatalog catalog = new InMemoryCatalog();
    assertThatThrownBy(() -> MigrationContexts.of(null, "sales"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create migration context: the catalog is null");
    assertThatThrownBy(() -> MigrationContexts.of(catalog, " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create migration context: the namespace is empty");
    assertThat(MigrationContexts.of(catalog, "sales.eu").namespace()).isEqualTo("sales.eu");
    assertThat(MigrationContexts.of(catalog, "sales").catalog()).isSameAs(catalog);
  }

  @Test
  void createTableNeedsACatalogThatCreatesNamespaces() {
    MigrationContext ctx = MigrationContexts.of(new FlatCatalog(), "sales");

    assertThatThrownBy(() -> ctx.createTableIfNotExists("orders", SCHEMA))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot create namespace sales: catalog flat ("
                + FlatCatalog.class.getName()
                + ") does not implement SupportsNamespaces");
  }

  // --- PartitionFieldSpec -----------------------------------------------------------------------

  @Test
  void partitionFieldFactoriesNameFieldsLikeIceberg() {
    assertThat(PartitionFieldSpec.of("ts", "day", "d"))
        .isEqualTo(new PartitionFieldSpec("ts", "day", "d"));
    assertThat(PartitionFieldSpec.identity("region"))
        .isEqualTo(new PartitionFieldSpec("region", "identity", "region"));
    assertThat(PartitionFieldSpec.year("ts").name()).isEqualTo("ts_year");
    assertThat(PartitionFieldSpec.month("ts").name()).isEqualTo("ts_month");
    assertThat(PartitionFieldSpec.day("ts").name()).isEqualTo("ts_day");
    assertThat(PartitionFieldSpec.hour("ts").name()).isEqualTo("ts_hour");
    assertThat(PartitionFieldSpec.bucket("id", 16))
        .isEqualTo(new PartitionFieldSpec("id", "bucket[16]", "id_bucket"));
    assertThat(PartitionFieldSpec.truncate("name", 4))
        .isEqualTo(new PartitionFieldSpec("name", "truncate[4]", "name_trunc"));
  }

  @Test
  void partitionFieldAcceptsEveryIcebergTransformString() {
    for (String transform :
        List.of("identity", "year", "month", "day", "hour", "bucket[8]", "truncate[3]", "void")) {
      assertThat(LayoutChanges.term(PartitionFieldSpec.of("c", transform, "p"))).isNotNull();
    }
    assertThat(LayoutChanges.term(PartitionFieldSpec.of("c", "DAY", "p")).toString())
        .contains("day");
  }

  @Test
  void partitionFieldRefusesBlankPartsAndUnknownTransforms() {
    assertThatThrownBy(() -> PartitionFieldSpec.of(" ", "day", "d"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create partition field d: the source column is empty");
    assertThatThrownBy(() -> PartitionFieldSpec.of("ts", "day", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create partition field on ts: the partition name is empty");
    assertThatThrownBy(() -> PartitionFieldSpec.of("ts", "", "d"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create partition field d: the transform is empty");
    assertThatThrownBy(() -> PartitionFieldSpec.of("ts", "days", "d"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot create partition field d: unknown transform 'days'; expected identity, year,"
                + " month, day, hour, bucket[N], truncate[W] or void");
    assertThatThrownBy(() -> PartitionFieldSpec.bucket("id", -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown transform 'bucket[-1]'");
    assertThatThrownBy(() -> PartitionFieldSpec.bucket("id", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot create partition field id_bucket: invalid transform")
        .hasMessageContaining("Invalid number of buckets: 0");
  }

  // --- SortColumn -------------------------------------------------------------------------------

  @Test
  void sortColumnFactoriesPickTheNullOrder() {
    assertThat(SortColumn.asc("ts")).isEqualTo(new SortColumn("ts", SortDirection.ASC));
    assertThat(SortColumn.asc("ts").nullOrder()).isEqualTo(NullOrder.NULLS_FIRST);
    assertThat(SortColumn.desc("id")).isEqualTo(new SortColumn("id", SortDirection.DESC));
    assertThat(SortColumn.desc("id").nullOrder()).isEqualTo(NullOrder.NULLS_LAST);
  }

  @Test
  void sortColumnRefusesBlankColumnsAndNullDirections() {
    assertThatThrownBy(() -> SortColumn.asc(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create sort column: the column name is empty");
    assertThatThrownBy(() -> new SortColumn("ts", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create sort column ts: the direction is null");
  }

  // --- TableOptions -----------------------------------------------------------------------------

  @Test
  void tableOptionsAreImmutableCopies() {
    PartitionSpec spec = PartitionSpec.builderFor(SCHEMA).bucket("id", 4).build();
    SortOrder order = SortOrder.builderFor(SCHEMA).asc("id").build();
    Map<String, String> properties = new HashMap<>(Map.of("owner", "sales"));

    TableOptions options =
        TableOptions.defaults()
            .withPartitionSpec(spec)
            .withSortOrder(order)
            .withProperties(properties)
            .withLocation("s3://bucket/orders");
    properties.put("later", "ignored");

    assertThat(TableOptions.defaults().partitionSpec()).isNull();
    assertThat(TableOptions.defaults().sortOrder()).isNull();
    assertThat(TableOptions.defaults().properties()).isEmpty();
    assertThat(TableOptions.defaults().location()).isNull();
    assertThat(options.partitionSpec()).isSameAs(spec);
    assertThat(options.sortOrder()).isSameAs(order);
    assertThat(options.properties()).containsExactly(Map.entry("owner", "sales"));
    assertThat(options.location()).isEqualTo("s3://bucket/orders");
    assertThatThrownBy(() -> options.properties().put("x", "y"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(options)
        .isEqualTo(
            TableOptions.defaults()
                .withLocation("s3://bucket/orders")
                .withProperties(Map.of("owner", "sales"))
                .withSortOrder(order)
                .withPartitionSpec(spec));
  }

  @Test
  void tableOptionsDifferWhenOneSettingDiffers() {
    PartitionSpec spec = PartitionSpec.builderFor(SCHEMA).identity("id").build();
    TableOptions options =
        TableOptions.defaults().withPartitionSpec(spec).withLocation("s3://bucket/orders");
    TableOptions same =
        TableOptions.defaults().withLocation("s3://bucket/orders").withPartitionSpec(spec);

    assertThat(options).isEqualTo(same).hasSameHashCodeAs(same);
    assertThat(options)
        .isNotEqualTo(TableOptions.defaults().withPartitionSpec(spec))
        .isNotEqualTo(options.withProperties(Map.of("owner", "sales")))
        .isNotEqualTo("s3://bucket/orders");
    assertThat(options.toString())
        .startsWith("TableOptions{partitionSpec=")
        .contains("identity(1)", "properties={}", "location=s3://bucket/orders");
  }

  @Test
  void tableOptionsRefuseNullPropertyValues() {
    Map<String, String> properties = new HashMap<>();
    properties.put("owner", null);

    assertThatThrownBy(() -> TableOptions.defaults().withProperties(properties))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot use table property owner=null: keys and values must not be null");
  }

  // --- S3 Tables detection ----------------------------------------------------------------------

  @Test
  void s3TablesIsDetectedFromSigningNameUriOrClassName() {
    assertThat(PropertyChanges.isS3Tables(RESTCatalog.class.getName(), Map.of())).isFalse();
    assertThat(
            PropertyChanges.isS3Tables(
                RESTCatalog.class.getName(), Map.of("uri", "http://127.0.0.1:8181")))
        .isFalse();
    assertThat(
            PropertyChanges.isS3Tables(
                RESTCatalog.class.getName(), Map.of("rest.signing-name", "s3tables")))
        .isTrue();
    assertThat(
            PropertyChanges.isS3Tables(
                RESTCatalog.class.getName(), Map.of("rest.signing-name", "glue")))
        .isFalse();
    assertThat(
            PropertyChanges.isS3Tables(
                RESTCatalog.class.getName(),
                Map.of("uri", "https://s3tables.us-east-1.amazonaws.com/iceberg")))
        .isTrue();
    assertThat(
            PropertyChanges.isS3Tables(
                "software.amazon.s3tables.iceberg.S3TablesCatalog", Map.of()))
        .isTrue();
    assertThat(
            PropertyChanges.isS3Tables(
                "org.example.Wrapper",
                Map.of("catalog-impl", "software.amazon.s3tables.iceberg.S3TablesCatalog")))
        .isTrue();
    assertThat(PropertyChanges.isS3Tables(new InMemoryCatalog())).isFalse();
  }
}
