package dev.icebergops.test;

import dev.icebergops.migration.TableNames;
import dev.icebergops.test.internal.RowFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.relocated.com.google.common.collect.Lists;
import org.apache.iceberg.types.Types;

/**
 * Seeds tables with rows and reads them back, so a test can migrate to a version, insert data,
 * migrate on and check the data survived. Rows are written as Parquet data files, partitioned as
 * the table is.
 *
 * <pre>{@code
 * data.append("events", Map.of("id", 1L, "duration", 42));
 * runner.migrate();
 * assertThat(data.rows("events")).extracting("duration__legacy_1").containsExactly(42);
 * }</pre>
 *
 * <p>Values are converted to the column types where that loses nothing: any whole number for {@code
 * int} and {@code long}, {@code Instant} or ISO text for timestamps, ISO text for dates, nested
 * {@code Map}s for structs, a {@code byte[]} or {@code ByteBuffer} for {@code binary} and {@code
 * fixed} (of exactly the fixed length).
 */
public final class IcebergTestData {

  private final Catalog catalog;
  private final String namespace;

  IcebergTestData(Catalog catalog, String namespace) {
    this.catalog = catalog;
    this.namespace = namespace;
  }

  /**
   * Appends rows to a table in one commit.
   *
   * @param table a bare table name (qualified with the test's namespace) or a dotted one
   * @param rows column name to value; absent columns are null
   * @throws IllegalArgumentException if a row names an unknown column or a value does not fit its
   *     column's type
   */
  @SafeVarargs
  public final void append(String table, Map<String, ?>... rows) {
    append(table, Arrays.asList(rows));
  }

  /**
   * Appends rows to a table in one commit.
   *
   * @param table a bare or dotted table name
   * @param rows column name to value; absent columns are null
   * @throws IllegalArgumentException if a row names an unknown column or a value does not fit
   */
  public void append(String table, List<? extends Map<String, ?>> rows) {
    Table loaded = load(table);
    Schema schema = loaded.schema();
    List<Record> records =
        rows.stream().map(row -> RowConversion.toRecord(loaded.name(), schema, row)).toList();
    RowFiles.append(loaded, records);
  }

  /**
   * Reads every row of a table, as maps from column name to value (structs as nested maps).
   *
   * @param table a bare or dotted table name
   * @return the rows, in file order
   */
  public List<Map<String, Object>> rows(String table) {
    Table loaded = load(table);
    try (CloseableIterable<Record> records = IcebergGenerics.read(loaded).build()) {
      return Lists.newArrayList(
          CloseableIterable.transform(
              records, record -> toMap(record, loaded.schema().asStruct())));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read rows of " + loaded.name() + ": " + e.getMessage(), e);
    }
  }

  private static Map<String, Object> toMap(Record record, Types.StructType struct) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (Types.NestedField field : struct.fields()) {
      Object value = record.getField(field.name());
      if (value instanceof Record nested && field.type().isStructType()) {
        value = toMap(nested, field.type().asStructType());
      }
      map.put(field.name(), value);
    }
    return map;
  }

  private Table load(String table) {
    return catalog.loadTable(TableNames.identifier(namespace, table));
  }
}
