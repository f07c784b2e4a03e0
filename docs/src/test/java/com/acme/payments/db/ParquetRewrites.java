// tag::parquet-rewrites[]
package com.acme.payments.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;

/** Reads a table's rows and writes new Parquet data files: what the data migrations share. */
public final class ParquetRewrites {

  private ParquetRewrites() {}

  /** Every row of the table, as generic records of its current schema. */
  public static List<Record> rows(Table table) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(rows::add);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + table.name() + ": " + e.getMessage(), e);
    }
    return rows;
  }

  /** The table's current data files. */
  public static List<DataFile> dataFiles(Table table) {
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> files.add(task.file()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan " + table.name() + ": " + e.getMessage(), e);
    }
    return files;
  }

  /** Writes the rows to one new Parquet data file of an unpartitioned table; commit it after. */
  public static DataFile write(Table table, List<Record> rows) {
    GenericFileWriterFactory writers =
        new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build();
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, System.nanoTime())
            .format(FileFormat.PARQUET)
            .build();
    DataWriter<Record> writer = writers.newDataWriter(files.newOutputFile(), table.spec(), null);
    try (writer) {
      rows.forEach(writer::write);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + table.name() + ": " + e.getMessage(), e);
    }
    return writer.toDataFile();
  }
}
// end::parquet-rewrites[]
