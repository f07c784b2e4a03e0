package dev.icebergops.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.internal.HistoryFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.BaseDVFileWriter;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types.NestedField;

/**
 * What another engine does to the history table of namespace {@code sales}: reads it, writes
 * Parquet data files, position and equality delete files and deletion vectors, overwrites the
 * partition.
 */
final class AnotherEngine {

  private AnotherEngine() {}

  static List<Record> readAll(Table table) throws IOException {
    List<Record> records = new ArrayList<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(table).where(Expressions.equal("namespace", "sales")).build()) {
      rows.forEach(r -> records.add(r.copy()));
    }
    return records;
  }

  /** The records of one of the history's own (Parquet) files, in the order they were written. */
  static List<Record> readFile(Table table, DataFile file) throws IOException {
    assertThat(file.format()).isEqualTo(FileFormat.PARQUET);
    List<Record> records = new ArrayList<>();
    try (CloseableIterable<Record> rows =
        Parquet.read(table.io().newInputFile(file.location()))
            .project(table.schema())
            .createReaderFunc(type -> GenericParquetReaders.buildReader(table.schema(), type))
            .build()) {
      rows.forEach(records::add);
    }
    return records;
  }

  static List<DataFile> dataFiles(Table table) throws IOException {
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> files.add(task.file()));
    }
    return files;
  }

  static PartitionKey partition(Table table) {
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    GenericRecord template = GenericRecord.create(table.schema());
    template.setField("namespace", "sales");
    key.partition(template);
    return key;
  }

  static OutputFileFactory files(Table table) {
    return OutputFileFactory.builderFor(table, 1, System.nanoTime())
        .format(FileFormat.PARQUET)
        .build();
  }

  static DataFile writeFile(Table table, List<Record> records) throws IOException {
    PartitionKey key = partition(table);
    DataWriter<Record> writer =
        Parquet.writeData(files(table).newOutputFile(table.spec(), key))
            .forTable(table)
            .withPartition(key)
            .createWriterFunc(GenericParquetWriter::create)
            .overwrite()
            .build();
    try (writer) {
      records.forEach(writer::write);
    }
    return writer.toDataFile();
  }

  /**
   * A copy of a data file declared as ORC, not yet committed: a reader without ORC's classes fails
   * at linking before it opens the file, so the bytes need not be ORC (writing real ORC needs
   * HDFS's client classes, which no test class path here has).
   */
  static DataFile declaredOrc(Table table, DataFile file) throws IOException {
    String location = file.location().replace(".parquet", "-declared.orc");
    try (InputStream in = table.io().newInputFile(file.location()).newStream();
        OutputStream out = table.io().newOutputFile(location).create()) {
      in.transferTo(out);
    }
    return DataFiles.builder(table.spec())
        .copy(file)
        .withPath(location)
        .withFormat(FileFormat.ORC)
        .build();
  }

  static DataFile overwritePartition(Table table, List<Record> records) throws IOException {
    DataFile file = writeFile(table, records);
    table
        .newOverwrite()
        .overwriteByRowFilter(Expressions.equal("namespace", "sales"))
        .addFile(file)
        .commit();
    return file;
  }

  /** A position delete file in Parquet deleting one row of a data file, in its partition. */
  static DeleteFile positionDelete(Table table, DataFile file, long position) throws IOException {
    PositionDeleteWriter<Record> writer =
        new GenericFileWriterFactory.Builder(table)
            .deleteFileFormat(FileFormat.PARQUET)
            .build()
            .newPositionDeleteWriter(
                files(table).newOutputFile(table.spec(), file.partition()),
                table.spec(),
                file.partition());
    try (writer) {
      writer.write(PositionDelete.<Record>create().set(file.location(), position, null));
    }
    return writer.toDeleteFile();
  }

  /** An equality delete file in Parquet deleting the rows whose columns equal {@code row}'s. */
  static DeleteFile equalityDelete(Table table, Record row, String... columns) throws IOException {
    PartitionKey key = partition(table);
    Schema keys = table.schema().select(columns);
    EqualityDeleteWriter<Record> writer =
        new GenericFileWriterFactory.Builder(table)
            .deleteFileFormat(FileFormat.PARQUET)
            .equalityFieldIds(keys.columns().stream().mapToInt(NestedField::fieldId).toArray())
            .equalityDeleteRowSchema(keys)
            .build()
            .newEqualityDeleteWriter(
                files(table).newOutputFile(table.spec(), key), table.spec(), key);
    try (writer) {
      writer.write(HistoryFiles.copyInto(keys, row));
    }
    return writer.toDeleteFile();
  }

  /** A deletion vector (format version 3) in a Puffin file deleting one row of a data file. */
  static DeleteFile deletionVector(Table table, String path, long position) throws IOException {
    BaseDVFileWriter writer = new BaseDVFileWriter(files(table), previous -> null);
    try (writer) {
      writer.delete(path, position, table.spec(), partition(table));
    }
    return writer.result().deleteFiles().get(0);
  }
}
