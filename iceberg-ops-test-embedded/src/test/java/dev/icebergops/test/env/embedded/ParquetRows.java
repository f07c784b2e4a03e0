package dev.icebergops.test.env.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.types.Types;

/** Rows of an {@code (id, name)} table, written to and read from Parquet data files. */
public final class ParquetRows {
  public static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "name", Types.StringType.get()));

  private ParquetRows() {}

  public static Record row(long id, String name) {
    Record record = GenericRecord.create(SCHEMA);
    record.setField("id", id);
    record.setField("name", name);
    return record;
  }

  /** Writes {@code rows} to a new Parquet file of {@code table}; the caller appends it. */
  public static DataFile write(Table table, List<Record> rows) throws IOException {
    GenericFileWriterFactory writers =
        new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build();
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, 1).format(FileFormat.PARQUET).build();
    DataWriter<Record> writer = writers.newDataWriter(files.newOutputFile(), table.spec(), null);
    try (writer) {
      rows.forEach(writer::write);
    }
    return writer.toDataFile();
  }

  public static List<Record> readAll(Table table) throws IOException {
    List<Record> read = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(read::add);
    }
    return read;
  }
}
