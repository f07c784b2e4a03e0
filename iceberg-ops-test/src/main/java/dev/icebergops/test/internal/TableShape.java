package dev.icebergops.test.internal;

import dev.icebergops.schema.IcebergTypes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.NullOrder;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.SortField;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types.NestedField;

/**
 * The comparable shape of one table: columns by path, partition spec, sort order, user properties,
 * plus the field ids and the metadata file location kept aside.
 *
 * @param name the table name without namespace
 * @param columns every column and nested field, in schema order (parents before their children)
 * @param partition the partition fields, without void transforms
 * @param sort the sort order's fields; empty when unsorted
 * @param properties the properties minus those Iceberg sets on its own, sorted by key
 * @param metadataLocation the current metadata file, or null when the table does not expose it
 * @param rows what identifies the table's rows: its uuid and current snapshot id ({@code
 *     <uuid>@<snapshot id>}, {@code none} before the first snapshot)
 */
record TableShape(
    String name,
    List<Column> columns,
    List<Partition> partition,
    List<SortKey> sort,
    SortedMap<String, String> properties,
    String metadataLocation,
    String rows) {

  /**
   * Properties Iceberg writes on its own, with the value it writes: every new table gets {@code
   * write.parquet.compression-codec=zstd} (since Iceberg 1.4; the REST catalog server adds nothing
   * else, checked against the embedded test environment). Dropped only when they hold that value.
   */
  static final Map<String, String> ICEBERG_DEFAULTS =
      Map.of(
          TableProperties.PARQUET_COMPRESSION,
          TableProperties.PARQUET_COMPRESSION_DEFAULT_SINCE_1_4_0);

  /**
   * Reserved properties ({@code format-version}, {@code uuid}, {@code current-snapshot-*}, ...):
   * table metadata reported as properties by some catalogs, never user settings. Always dropped.
   */
  static final Set<String> RESERVED = TableProperties.RESERVED_PROPERTIES;

  TableShape {
    columns = List.copyOf(columns);
    partition = List.copyOf(partition);
    sort = List.copyOf(sort);
    properties = Collections.unmodifiableSortedMap(new TreeMap<>(properties));
  }

  /**
   * One column or nested field.
   *
   * @param path the full dotted path ({@code address.zip}, {@code tags.element})
   * @param id the field id
   * @param type the primitive type string, or {@code struct} / {@code list} / {@code map}
   * @param required whether the field is required
   * @param doc the doc, or null
   * @param parent the parent's path, empty for a top-level column
   */
  record Column(String path, int id, String type, boolean required, String doc, String parent) {}

  /** One partition field: {@code region_bucket (bucket[16] on region)}. */
  record Partition(String source, String transform, String name) {
    @Override
    public String toString() {
      return name + " (" + transform + " on " + source + ")";
    }
  }

  /** One sort field: {@code id asc nulls first}, with a non-identity transform shown. */
  record SortKey(String column, String transform, SortDirection direction, NullOrder nullOrder) {
    @Override
    public String toString() {
      String term = "identity".equals(transform) ? column : transform + "(" + column + ")";
      return term
          + " "
          + direction.name().toLowerCase(Locale.ROOT)
          + " "
          + nullOrder.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  /** Reads the shape of a freshly loaded table. */
  static TableShape of(String name, Table table) {
    Schema schema = table.schema();
    ColumnCollector collector = new ColumnCollector(TypeUtil.indexNameById(schema.asStruct()));
    TypeUtil.visit(schema, collector);
    List<Partition> partition = new ArrayList<>();
    for (PartitionField field : table.spec().fields()) {
      String transform = field.transform().toString();
      if (!"void".equals(transform)) {
        partition.add(new Partition(columnName(schema, field.sourceId()), transform, field.name()));
      }
    }
    List<SortKey> sort = new ArrayList<>();
    for (SortField field : table.sortOrder().fields()) {
      sort.add(
          new SortKey(
              columnName(schema, field.sourceId()),
              field.transform().toString(),
              field.direction(),
              field.nullOrder()));
    }
    return new TableShape(
        name,
        collector.columns,
        partition,
        sort,
        userProperties(table.properties()),
        metadataLocation(table),
        table.uuid()
            + "@"
            + (table.currentSnapshot() == null ? "none" : table.currentSnapshot().snapshotId()));
  }

  /** The columns by path, in schema order. */
  Map<String, Column> columnsByPath() {
    Map<String, Column> byPath = new java.util.LinkedHashMap<>();
    columns.forEach(c -> byPath.put(c.path(), c));
    return byPath;
  }

  /** The field ids by path. */
  Map<String, Integer> fieldIds() {
    Map<String, Integer> ids = new TreeMap<>();
    columns.forEach(c -> ids.put(c.path(), c.id()));
    return ids;
  }

  /** The names of the top-level columns, in order. */
  List<String> topLevelColumns() {
    return columns.stream().filter(c -> c.parent().isEmpty()).map(Column::path).toList();
  }

  static SortedMap<String, String> userProperties(Map<String, String> properties) {
    SortedMap<String, String> kept = new TreeMap<>();
    properties.forEach(
        (key, value) -> {
          if (!RESERVED.contains(key) && !value.equals(ICEBERG_DEFAULTS.get(key))) {
            kept.put(key, value);
          }
        });
    return kept;
  }

  private static String columnName(Schema schema, int id) {
    String name = schema.findColumnName(id);
    return name != null ? name : "(dropped column id=" + id + ")";
  }

  private static String metadataLocation(Table table) {
    if (table instanceof HasTableOperations hasOps && hasOps.operations().current() != null) {
      return hasOps.operations().current().metadataFileLocation();
    }
    return null;
  }

  private static String typeName(Type type) {
    return type.isPrimitiveType()
        ? IcebergTypes.format(type)
        : type.typeId().name().toLowerCase(Locale.ROOT);
  }

  /** Collects every field in schema order, parents before children, with its parent's path. */
  private static final class ColumnCollector extends TypeUtil.SchemaVisitor<Void> {
    private final Map<Integer, String> names;
    private final Deque<String> parents = new ArrayDeque<>();
    private final List<Column> columns = new ArrayList<>();

    ColumnCollector(Map<Integer, String> names) {
      this.names = new HashMap<>(names);
      parents.push("");
    }

    @Override
    public void beforeField(NestedField field) {
      String path = names.getOrDefault(field.fieldId(), field.name());
      columns.add(
          new Column(
              path,
              field.fieldId(),
              typeName(field.type()),
              field.isRequired(),
              field.doc(),
              parents.peek()));
      parents.push(path);
    }

    @Override
    public void afterField(NestedField field) {
      parents.pop();
    }
  }
}
