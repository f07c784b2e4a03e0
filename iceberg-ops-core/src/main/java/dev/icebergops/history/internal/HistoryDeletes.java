package dev.icebergops.history.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.Deletes;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.deletes.PositionDeleteIndexUtil;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DeleteSchemaUtil;
import org.apache.iceberg.io.IOUtil;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.util.ContentFileUtil;
import org.apache.iceberg.util.StructLikeSet;
import org.apache.iceberg.util.StructProjection;

/**
 * The rows that the delete files of one scan task remove from its data file, read on the core's
 * class path as Iceberg's {@code BaseDeleteLoader} reads them: position and equality delete files
 * in Parquet or Avro through the history's own readers, deletion vectors (a Puffin blob) through
 * iceberg-core's {@link PositionDeleteIndex}. The data file is read in {@link #schema()}: the
 * projection plus the row position and the equality columns it lacks.
 */
record HistoryDeletes(
    Schema schema,
    PositionDeleteIndex positions,
    List<Keys> equality,
    InternalRecordWrapper wrapper) {

  /** Reads the records of a whole Parquet or Avro file in a projection. */
  @FunctionalInterface
  interface Reader {
    List<Record> read(DeleteFile file, Schema projection) throws IOException;
  }

  /** The deleted values of one set of equality columns. */
  record Keys(Schema schema, StructLikeSet values) {}

  /** Whether the history's own readers read every delete file of the task (not ORC). */
  static boolean readable(FileScanTask task) {
    return task.deletes().stream()
        .allMatch(
            file ->
                file.format() == FileFormat.PARQUET
                    || file.format() == FileFormat.AVRO
                    || ContentFileUtil.isDV(file));
  }

  /** Reads the delete files of a task whose data file is read in {@code projection}. */
  static HistoryDeletes of(Table table, FileScanTask task, Schema projection, Reader reader)
      throws IOException {
    String location = task.file().location();
    List<PositionDeleteIndex> positions = new ArrayList<>();
    Map<Set<Integer>, Keys> equality = new HashMap<>();
    Set<Integer> missing = new HashSet<>();
    for (DeleteFile file : task.deletes()) {
      if (ContentFileUtil.isDV(file)) {
        positions.add(deletionVector(table, file));
      } else if (file.content() == FileContent.POSITION_DELETES) {
        List<Record> rows = reader.read(file, DeleteSchemaUtil.pathPosSchema());
        positions.add(
            Deletes.toPositionIndex(location, CloseableIterable.withNoopClose(rows), file));
      } else {
        Schema keys = TypeUtil.select(table.schema(), new HashSet<>(file.equalityFieldIds()));
        InternalRecordWrapper keyWrapper = new InternalRecordWrapper(keys.asStruct());
        StructLikeSet values =
            equality
                .computeIfAbsent(
                    new HashSet<>(file.equalityFieldIds()),
                    ids -> new Keys(keys, StructLikeSet.create(keys.asStruct())))
                .values();
        reader.read(file, keys).forEach(row -> values.add(keyWrapper.copyFor(row)));
        keys.columns().stream()
            .filter(column -> projection.findField(column.fieldId()) == null)
            .forEach(column -> missing.add(column.fieldId()));
      }
    }
    Schema schema = projection;
    if (!missing.isEmpty()) {
      schema = TypeUtil.join(schema, TypeUtil.select(table.schema(), missing));
    }
    if (!positions.isEmpty()) {
      schema = TypeUtil.join(schema, new Schema(MetadataColumns.ROW_POSITION));
    }
    return new HistoryDeletes(
        schema,
        PositionDeleteIndexUtil.merge(positions),
        new ArrayList<>(equality.values()),
        new InternalRecordWrapper(schema.asStruct()));
  }

  /** A deletion vector: the Puffin blob at the delete file's offset, read in one request. */
  private static PositionDeleteIndex deletionVector(Table table, DeleteFile file) {
    InputFile input = table.io().newInputFile(file);
    byte[] bytes = new byte[Math.toIntExact(file.contentSizeInBytes())];
    try {
      IOUtil.readFully(input, file.contentOffset(), bytes, 0, bytes.length);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read deletion vector " + ContentFileUtil.dvDesc(file) + ": " + e.getMessage(), e);
    }
    return PositionDeleteIndex.deserialize(bytes, file);
  }

  /** Whether a delete file removes a row of the data file, read in {@link #schema()}. */
  boolean isDeleted(Record row) {
    if (!positions.isEmpty()
        && positions.isDeleted((Long) row.getField(MetadataColumns.ROW_POSITION.name()))) {
      return true;
    }
    StructLike wrapped = wrapper.wrap(row);
    return equality.stream()
        .anyMatch(
            keys ->
                keys.values()
                    .contains(StructProjection.create(schema, keys.schema()).wrap(wrapped)));
  }
}
