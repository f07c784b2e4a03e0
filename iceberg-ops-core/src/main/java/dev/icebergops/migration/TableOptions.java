package dev.icebergops.migration;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.SortOrder;

/**
 * The settings {@link MigrationContext#createTableIfNotExists(String, org.apache.iceberg.Schema,
 * TableOptions)} applies when it creates a table: partition spec, sort order, table properties and
 * location. They are ignored when the table already exists. Immutable; each {@code with} method
 * returns a copy.
 *
 * <p>The partition spec and sort order reference source columns by field id, so build them against
 * the same {@link org.apache.iceberg.Schema} passed to {@code createTableIfNotExists}; the catalog
 * re-assigns the ids consistently on create:
 *
 * <pre>{@code
 * Schema schema = new Schema(
 *     Types.NestedField.required(1, "id", Types.LongType.get()),
 *     Types.NestedField.optional(2, "ts", Types.TimestampType.withZone()));
 * ctx.createTableIfNotExists("events", schema,
 *     TableOptions.defaults()
 *         .withPartitionSpec(PartitionSpec.builderFor(schema).day("ts").build())
 *         .withSortOrder(SortOrder.builderFor(schema).asc("id").build())
 *         .withProperties(Map.of("write.format.default", "parquet")));
 * }</pre>
 *
 * @param partitionSpec the partition spec, or null for unpartitioned
 * @param sortOrder the sort order, or null for unsorted
 * @param properties the table properties, unmodifiable and never null (null is taken as none)
 * @param location the table location, or null for the catalog's default
 */
public record TableOptions(
    PartitionSpec partitionSpec,
    SortOrder sortOrder,
    Map<String, String> properties,
    String location) {

  private static final TableOptions DEFAULTS = new TableOptions(null, null, Map.of(), null);

  /**
   * Options as given, the properties copied.
   *
   * @throws IllegalArgumentException if a property key or value is null
   */
  public TableOptions {
    Map<String, String> copy = new LinkedHashMap<>();
    if (properties != null) {
      properties.forEach(
          (key, value) -> {
            if (key == null || value == null) {
              throw new IllegalArgumentException(
                  String.format(
                      "Cannot use table property %s=%s: keys and values must not be null",
                      key, value));
            }
            copy.put(key, value);
          });
    }
    properties = Collections.unmodifiableMap(copy);
  }

  /** No options: unpartitioned, unsorted, no properties, the catalog's default location. */
  public static TableOptions defaults() {
    return DEFAULTS;
  }

  /**
   * These options with a partition spec.
   *
   * @param spec the partition spec, built against the table's schema; null for unpartitioned
   * @return a copy with the partition spec
   */
  public TableOptions withPartitionSpec(PartitionSpec spec) {
    return new TableOptions(spec, sortOrder, properties, location);
  }

  /**
   * These options with a sort order.
   *
   * @param order the sort order, built against the table's schema; null for unsorted
   * @return a copy with the sort order
   */
  public TableOptions withSortOrder(SortOrder order) {
    return new TableOptions(partitionSpec, order, properties, location);
  }

  /**
   * These options with table properties, replacing any given before.
   *
   * @param tableProperties the properties; null for none
   * @return a copy with the properties
   * @throws IllegalArgumentException if a key or value is null
   */
  public TableOptions withProperties(Map<String, String> tableProperties) {
    return new TableOptions(partitionSpec, sortOrder, tableProperties, location);
  }

  /**
   * These options with a table location.
   *
   * @param tableLocation the table's base location, for example {@code s3://bucket/sales/orders};
   *     null for the catalog's default
   * @return a copy with the location
   */
  public TableOptions withLocation(String tableLocation) {
    return new TableOptions(partitionSpec, sortOrder, properties, tableLocation);
  }

  @Override
  public String toString() {
    return "TableOptions{partitionSpec=%s, sortOrder=%s, properties=%s, location=%s}"
        .formatted(partitionSpec, sortOrder, properties, location);
  }
}
