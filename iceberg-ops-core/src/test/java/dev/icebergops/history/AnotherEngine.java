package dev.icebergops.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.parquet.Parquet;

/**
 * What another engine does to the history table of namespace {@code sales}: reads it, writes
 * Parquet data files and position delete files, overwrites the partition.
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

  static DataFile overwritePartition(Table table, List<Record> records) throws IOException {
    DataFile file = writeFile(table, records);
    table
        .newOverwrite()
        .overwriteByRowFilter(Expressions.equal("namespace", "sales"))
        .addFile(file)
        .commit();
    return file;
  }

  static DeleteFile positionDelete(Table table, String path, long position) throws IOException {
    PartitionKey key = partition(table);
    PositionDeleteWriter<Record> writer =
        new org.apache.iceberg.data.GenericFileWriterFactory.Builder(table)
            .deleteFileFormat(FileFormat.PARQUET)
            .build()
            .newPositionDeleteWriter(
                files(table).newOutputFile(table.spec(), key), table.spec(), key);
    try (writer) {
      writer.write(PositionDelete.<Record>create().set(path, position, null));
    }
    return writer.toDeleteFile();
  }
}
