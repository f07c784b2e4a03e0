package dev.icebergops.history.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.avro.Avro;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.avro.PlannedDataReader;
import org.apache.iceberg.expressions.Evaluator;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.relocated.com.google.common.collect.Lists;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.apache.iceberg.util.PartitionUtil;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * Reads a snapshot of the history table. The files this release writes are Parquet without delete
 * files, read by Iceberg's Parquet reader without Hadoop ({@link HistoryParquet}); earlier layouts'
 * Avro files are read by Iceberg's Avro reader, part of iceberg-core. A Parquet file another engine
 * wrote compressed needs Hadoop's codec classes; without them the read fails naming the codec and
 * the jars to add. Any other file (ORC, or a delete file) goes through Iceberg's generic reader,
 * which applies delete files and needs Iceberg's ORC module and Hadoop on the class path; without
 * them the read fails naming the file and the jars to add.
 */
public final class HistoryReader {

  /** What Iceberg's generic reader needs besides iceberg-data, as Maven coordinates. */
  public static final String GENERIC_READER_JARS =
      "org.apache.iceberg:iceberg-orc, org.apache.hadoop:hadoop-common and"
          + " org.apache.hadoop:hadoop-mapreduce-client-core";

  private HistoryReader() {}

  /**
   * Reads the rows of a snapshot that match a filter, with delete files applied.
   *
   * @param table the history table
   * @param identifier the table's identifier, for messages
   * @param snapshotId the snapshot to read
   * @param filter the row filter
   * @return the records, in the snapshot's schema
   * @throws IllegalStateException if the snapshot holds a file only Iceberg's generic reader reads
   *     and that reader's jars are not on the class path
   */
  public static List<Record> read(
      Table table, TableIdentifier identifier, long snapshotId, Expression filter) {
    List<Record> records = new ArrayList<>();
    read(table, identifier, snapshotId, filter, (record, file) -> records.add(record));
    return records;
  }

  /**
   * Reads the rows of a snapshot that match a filter, with delete files applied, telling each row's
   * data file when the history's own readers (Parquet, Avro) read it.
   *
   * @param into told each record and the data file that holds it; the file is null for every record
   *     when the snapshot needed Iceberg's generic reader (foreign formats, delete files)
   * @throws IllegalStateException if the snapshot holds a file only Iceberg's generic reader reads
   *     and that reader's jars are not on the class path
   */
  public static void read(
      Table table,
      TableIdentifier identifier,
      long snapshotId,
      Expression filter,
      BiConsumer<Record, DataFile> into) {
    try {
      List<FileScanTask> tasks = tasks(table, snapshotId, filter);
      ContentFile<?> foreign = firstNotOwnFormat(tasks);
      if (foreign == null) {
        Schema projection = SnapshotUtil.schemaFor(table, snapshotId);
        for (FileScanTask task : tasks) {
          readOwnFormat(table, identifier, task, projection, true)
              .forEach(record -> into.accept(record, task.file()));
        }
      } else {
        List<Record> records = new ArrayList<>();
        try (CloseableIterable<Record> rows =
            IcebergGenerics.read(table).useSnapshot(snapshotId).where(filter).build()) {
          rows.forEach(row -> records.add(row.copy()));
        } catch (NoClassDefFoundError | ExceptionInInitializerError e) {
          throw new IllegalStateException(
              String.format(
                  "Cannot read migration history %s: %s file %s is %s and needs Iceberg's generic"
                      + " reader; add %s to the class path",
                  identifier,
                  foreign instanceof DataFile ? "data" : "delete",
                  foreign.location(),
                  foreign.format(),
                  GENERIC_READER_JARS),
              e);
        }
        records.forEach(record -> into.accept(record, null));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read migration history " + identifier + ": " + e.getMessage(), e);
    }
  }

  /** The file scan tasks of a snapshot that may hold rows matching a filter. */
  static List<FileScanTask> tasks(Table table, long snapshotId, Expression filter)
      throws IOException {
    // planned in this thread: Iceberg's worker pool would poll for the few manifests every 10 ms
    TableScan scan =
        table
            .newScan()
            .useSnapshot(snapshotId)
            .filter(filter)
            .planWith(MoreExecutors.newDirectExecutorService());
    try (CloseableIterable<FileScanTask> planned = scan.planFiles()) {
      return Lists.newArrayList(planned);
    }
  }

  /** The first file that is neither a Parquet nor an Avro data file (a delete file counts). */
  private static ContentFile<?> firstNotOwnFormat(List<FileScanTask> tasks) {
    for (FileScanTask task : tasks) {
      if (task.file().format() != FileFormat.PARQUET && task.file().format() != FileFormat.AVRO) {
        return task.file();
      }
      if (!task.deletes().isEmpty()) {
        return task.deletes().get(0);
      }
    }
    return null;
  }

  /**
   * Reads one Parquet or Avro data file the way Iceberg's generic reader does, without its format
   * registry: the rows of the task's split that its residual filter keeps, in {@code projection}.
   *
   * @throws IllegalStateException if the file is Parquet compressed with a codec whose classes are
   *     not on the class path
   */
  public static List<Record> readOwnFormat(
      Table table,
      TableIdentifier identifier,
      FileScanTask task,
      Schema projection,
      boolean caseSensitive)
      throws IOException {
    List<Record> into = new ArrayList<>();
    Map<Integer, ?> constants =
        PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant);
    Evaluator residual = new Evaluator(projection.asStruct(), task.residual(), caseSensitive);
    InternalRecordWrapper wrapper = new InternalRecordWrapper(projection.asStruct());
    InputFile input = table.io().newInputFile(task.file());
    try (CloseableIterable<Record> rows =
        task.file().format() == FileFormat.PARQUET
            ? HistoryParquet.read(table, input, projection, constants, task.start(), task.length())
            : Avro.read(input)
                .project(projection)
                .split(task.start(), task.length())
                .createResolvingReader(schema -> PlannedDataReader.create(schema, constants))
                .build()) {
      for (Record row : rows) {
        if (residual.eval(wrapper.wrap(row))) {
          into.add(row);
        }
      }
    } catch (HistoryParquet.CodecMissing e) {
      throw new IllegalStateException(
          String.format(
              "Cannot read migration history %s: data file %s is Parquet compressed with %s, which"
                  + " parquet-java decompresses through Hadoop's codec classes; add"
                  + " org.apache.hadoop:hadoop-common to the class path",
              identifier, task.file().location(), e.codec()),
          e);
    }
    return into;
  }
}
