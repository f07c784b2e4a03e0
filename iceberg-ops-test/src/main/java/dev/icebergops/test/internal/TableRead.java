package dev.icebergops.test.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * A table as it reads now, for the {@link DataLedger} to find its rows in.
 *
 * @param uuid its uuid
 * @param schema its current schema
 * @param rows every row by data file and position
 */
record TableRead(String uuid, Schema schema, Map<String, Map<Long, Record>> rows) {

  /**
   * These rows as the same files read with {@code to} give them: each column of {@code to} is one
   * of this read's (by field id) with the same type and initial default, so its values are this
   * read's whatever its name; null when a column of {@code to} is not such a column.
   *
   * @param to the schema to read with
   * @return the rows read with {@code to}, new records; or null
   */
  TableRead projectedOn(Schema to) {
    Types.StructType source = projection(schema).asStruct();
    Types.StructType target = projection(to).asStruct();
    List<Types.NestedField> fields = target.fields();
    int[] from = new int[fields.size()];
    for (int i = 0; i < from.length; i++) {
      Types.NestedField field = fields.get(i);
      Types.NestedField had = source.field(field.fieldId());
      if (had == null
          || !had.type().equals(field.type())
          || !Objects.equals(had.initialDefault(), field.initialDefault())) {
        return null;
      }
      from[i] = source.fields().indexOf(had);
    }
    Map<String, Map<Long, Record>> projected = new HashMap<>();
    rows.forEach(
        (file, byPosition) ->
            byPosition.forEach(
                (position, row) -> {
                  GenericRecord record = GenericRecord.create(target);
                  for (int i = 0; i < from.length; i++) {
                    record.set(i, row.get(from[i]));
                  }
                  projected.computeIfAbsent(file, f -> new HashMap<>()).put(position, record);
                }));
    return new TableRead(uuid, to, projected);
  }

  /**
   * What a read-back reads of a table with {@code schema}: its columns, each row's file and
   * position.
   */
  static Schema projection(Schema schema) {
    return TypeUtil.join(
        schema, new Schema(MetadataColumns.FILE_PATH, MetadataColumns.ROW_POSITION));
  }

  /**
   * Reads every row of a table with its data file and position.
   *
   * @param table the table
   * @return the rows as they read now
   */
  static TableRead of(Table table) {
    return of(table, null, table.schema());
  }

  /**
   * Reads every row of a table as it was at one of its snapshots.
   *
   * @param table the table
   * @param snapshotId the snapshot, or null for the current one
   * @param schema the table's schema then
   * @return the rows as they read then
   */
  static TableRead of(Table table, Long snapshotId, Schema schema) {
    Schema projection = projection(schema);
    Map<String, Map<Long, Record>> rows = new HashMap<>();
    IcebergGenerics.ScanBuilder scan = IcebergGenerics.read(table);
    if (snapshotId != null) {
      scan = scan.useSnapshot(snapshotId);
    }
    try (CloseableIterable<Record> records = scan.project(projection).build()) {
      for (Record record : records) {
        String file = record.getField(MetadataColumns.FILE_PATH.name()).toString();
        long pos = (Long) record.getField(MetadataColumns.ROW_POSITION.name());
        rows.computeIfAbsent(file, f -> new HashMap<>()).put(pos, record);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + table.name() + ": " + e.getMessage(), e);
    }
    return new TableRead(table.uuid().toString(), schema, rows);
  }
}
