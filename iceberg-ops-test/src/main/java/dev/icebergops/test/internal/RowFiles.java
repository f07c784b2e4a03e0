package dev.icebergops.test.internal;

import dev.icebergops.runner.spi.RunnerSeam;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestWriter;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.apache.iceberg.util.StructLikeMap;

/**
 * Appends generic records to a table as Parquet data files, one file per partition, in one commit,
 * and tells which file holds which rows in which order; or writes such files for the caller to
 * commit.
 *
 * <pre>{@code
 * List<RowFiles.Written> files = RowFiles.append(table, records);
 * }</pre>
 */
public final class RowFiles {

  /**
   * One data file written.
   *
   * @param path the file's location
   * @param rows the records it holds, in file order (a record's index is its {@code _pos})
   */
  public record Written(String path, List<Record> rows) {
    public Written {
      rows = List.copyOf(rows);
    }
  }

  private RowFiles() {}

  /**
   * Writes the records, partitioned as the table is, and commits them in one append, from the
   * table's metadata as held ({@link RunnerSeam#committingAsLoaded}): the catalog refuses the
   * commit if another writer came first, and the append is then applied again on the table as read
   * anew.
   *
   * @param table the table, whose current schema the records follow
   * @param records the rows
   * @return the files written, each with its rows in order
   * @throws UncheckedIOException if a file cannot be written
   */
  public static List<Written> append(Table table, List<Record> records) {
    List<Written> written = new ArrayList<>();
    List<DataFile> files = new ArrayList<>();
    write(
        table,
        records,
        (file, rows) -> {
          files.add(file);
          written.add(new Written(file.location(), rows));
        });
    // the table as it is held, not read again before and after the commit
    Table held = RunnerSeam.committingAsLoaded(table);
    commit(held, held.newAppend(), files);
    return written;
  }

  /**
   * Adds {@code files} to {@code append} and commits it, its manifest work done in this thread.
   * Iceberg writes the manifest of an append's new files on its worker pool, whatever executor the
   * append is given, and polls that pool every 10 ms; so on a table of format 2 or later, which
   * takes an appended manifest as it is, the files go in a manifest written here.
   *
   * @param table the table {@code append} commits to
   * @param append a new append of {@code table}
   * @param files the data files to add, each in one of the table's partition specs
   * @throws UncheckedIOException if the manifest cannot be written
   */
  public static void commit(Table table, AppendFiles append, List<DataFile> files) {
    append.scanManifestsWith(MoreExecutors.newDirectExecutorService());
    if (table instanceof HasTableOperations ops && ops.operations().current().formatVersion() > 1) {
      Map<Integer, List<DataFile>> bySpec = new LinkedHashMap<>();
      files.forEach(
          file -> bySpec.computeIfAbsent(file.specId(), id -> new ArrayList<>()).add(file));
      bySpec.forEach(
          (specId, listed) -> append.appendManifest(manifest(table, ops, specId, listed)));
    } else {
      files.forEach(append::appendFile);
    }
    append.commit();
  }

  /** A manifest of added files, its snapshot id left for the commit to assign. */
  private static ManifestFile manifest(
      Table table, HasTableOperations ops, int specId, List<DataFile> files) {
    TableOperations operations = ops.operations();
    String name = FileFormat.AVRO.addExtension(UUID.randomUUID() + "-m0");
    ManifestWriter<DataFile> writer =
        ManifestFiles.write(
            operations.current().formatVersion(),
            table.specs().get(specId),
            operations.io().newOutputFile(operations.metadataFileLocation(name)),
            null);
    try (writer) {
      files.forEach(writer::add);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write a manifest of " + table.name() + ": " + e.getMessage(), e);
    }
    return writer.toManifestFile();
  }

  /**
   * Writes the records to new Parquet data files, one per partition, without committing them: for a
   * migration that replaces files (a rewrite, an overwrite).
   *
   * @param table the table, whose current schema the records follow
   * @param records the rows
   * @return the files written, for the caller to commit
   * @throws UncheckedIOException if a file cannot be written
   */
  public static List<DataFile> write(Table table, List<Record> records) {
    List<DataFile> files = new ArrayList<>();
    write(table, records, (file, rows) -> files.add(file));
    return files;
  }

  private static void write(
      Table table, List<Record> records, BiConsumer<DataFile, List<Record>> written) {
    GenericFileWriterFactory writers =
        new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build();
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, System.nanoTime())
            .format(FileFormat.PARQUET)
            .build();
    for (Map.Entry<PartitionKey, List<Record>> group : byPartition(table, records).entrySet()) {
      PartitionKey partition = group.getKey();
      DataWriter<Record> writer =
          writers.newDataWriter(
              partition == null ? files.newOutputFile() : files.newOutputFile(partition),
              table.spec(),
              partition);
      try (writer) {
        group.getValue().forEach(writer::write);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot write rows to " + table.name() + ": " + e.getMessage(), e);
      }
      written.accept(writer.toDataFile(), group.getValue());
    }
  }

  /** The records by partition, in order; one group under a null key when unpartitioned. */
  private static Map<PartitionKey, List<Record>> byPartition(Table table, List<Record> records) {
    if (table.spec().isUnpartitioned()) {
      return Collections.singletonMap(null, records);
    }
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    InternalRecordWrapper wrapper = new InternalRecordWrapper(table.schema().asStruct());
    Map<org.apache.iceberg.StructLike, List<Record>> groups =
        StructLikeMap.create(table.spec().partitionType());
    Map<PartitionKey, List<Record>> ordered = new LinkedHashMap<>();
    for (Record record : records) {
      key.partition(wrapper.wrap(record));
      List<Record> group = groups.get(key);
      if (group == null) {
        group = new ArrayList<>();
        PartitionKey copy = key.copy();
        groups.put(copy, group);
        ordered.put(copy, group);
      }
      group.add(record);
    }
    return ordered;
  }
}
