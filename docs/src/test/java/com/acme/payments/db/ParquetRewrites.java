// tag::parquet-rewrites[]
package com.acme.payments.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.util.StructLikeMap;

/** Reads a table's rows and writes new Parquet data files: what the data migrations share. */
public final class ParquetRewrites {

  private ParquetRewrites() {}

  /** Every row of the table, as generic records of its current schema. */
  public static List<Record> rows(Table table) {
    return read(table, IcebergGenerics.read(table));
  }

  /** Every row of a branch of the table, as generic records of the table's current schema. */
  public static List<Record> rows(Table table, String branch) {
    long head = table.snapshot(branch).snapshotId();
    return read(table, IcebergGenerics.read(table).useSnapshot(head).project(table.schema()));
  }

  private static List<Record> read(Table table, IcebergGenerics.ScanBuilder scan) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = scan.build()) {
      records.forEach(rows::add);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + table.name() + ": " + e.getMessage(), e);
    }
    return rows;
  }

  /** The table's current data files. */
  public static List<DataFile> dataFiles(Table table) {
    return files(table, table.newScan());
  }

  /** The data files of a branch of the table. */
  public static List<DataFile> dataFiles(Table table, String branch) {
    return files(table, table.newScan().useRef(branch));
  }

  private static List<DataFile> files(Table table, TableScan scan) {
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      tasks.forEach(task -> files.add(task.file()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan " + table.name() + ": " + e.getMessage(), e);
    }
    return files;
  }

  /**
   * Writes the rows to new Parquet data files, one per partition of the table's spec (one file of
   * an unpartitioned table), each with its partition's values; commit them after.
   */
  public static List<DataFile> write(Table table, List<Record> rows) {
    GenericFileWriterFactory writers =
        new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build();
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, System.nanoTime())
            .format(FileFormat.PARQUET)
            .build();
    PartitionSpec spec = table.spec();
    List<DataFile> written = new ArrayList<>();
    for (Map.Entry<StructLike, List<Record>> group : byPartition(table, rows).entrySet()) {
      StructLike partition = spec.isUnpartitioned() ? null : group.getKey();
      DataWriter<Record> writer =
          writers.newDataWriter(
              partition == null ? files.newOutputFile() : files.newOutputFile(spec, partition),
              spec,
              partition);
      try (writer) {
        group.getValue().forEach(writer::write);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot write " + table.name() + ": " + e.getMessage(), e);
      }
      written.add(writer.toDataFile());
    }
    return written;
  }

  /** The rows by their partition in the table's spec: one group if it is unpartitioned. */
  public static Map<StructLike, List<Record>> byPartition(Table table, List<Record> rows) {
    // PartitionKey applies the spec's transforms (day, bucket, ...) to Iceberg's internal values,
    // which InternalRecordWrapper makes of a generic record's (a timestamp as micros)
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    InternalRecordWrapper internal = new InternalRecordWrapper(table.schema().asStruct());
    Map<StructLike, List<Record>> partitions = StructLikeMap.create(table.spec().partitionType());
    for (Record row : rows) {
      key.partition(internal.wrap(row));
      partitions.computeIfAbsent(key.copy(), copy -> new ArrayList<>()).add(row);
    }
    return partitions;
  }

  /**
   * Rewrites the files of each partition that has more than one into one file, in one commit that
   * fails if another writer removed one of them meanwhile.
   *
   * @return whether it committed: not when every partition is one file already, or the table none
   * @throws IllegalStateException if some files have an earlier partition spec than the table's
   */
  public static boolean compact(Table table) {
    Map<StructLike, List<DataFile>> crowded = StructLikeMap.create(table.spec().partitionType());
    for (DataFile file : dataFiles(table)) {
      if (file.specId() != table.spec().specId()) {
        throw new IllegalStateException(
            "Cannot compact "
                + table.name()
                + " by partition: "
                + file.location()
                + " has an earlier partition spec; rewrite the whole table instead");
      }
      crowded.computeIfAbsent(file.partition(), partition -> new ArrayList<>()).add(file);
    }
    crowded.values().removeIf(files -> files.size() < 2);
    if (crowded.isEmpty()) {
      return false; // nothing to compact, nothing committed
    }
    Map<StructLike, List<Record>> rows = byPartition(table, rows(table));
    RewriteFiles rewrite =
        table.newRewrite().validateFromSnapshot(table.currentSnapshot().snapshotId());
    List<Record> compacted = new ArrayList<>();
    crowded.forEach(
        (partition, files) -> {
          files.forEach(rewrite::deleteFile);
          compacted.addAll(rows.getOrDefault(partition, List.of()));
        });
    write(table, compacted).forEach(rewrite::addFile);
    rewrite.commit();
    return true;
  }
}
// end::parquet-rewrites[]
