package dev.icebergops.history.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import org.apache.iceberg.relocated.com.google.common.collect.ImmutableMap;
import org.apache.iceberg.relocated.com.google.common.collect.Lists;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.apache.iceberg.util.PartitionUtil;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * Reads a snapshot of the history table. The files this release writes are Parquet, read by
 * Iceberg's Parquet value readers without Hadoop ({@link HistoryParquet}); earlier layouts' Avro
 * files are read by Iceberg's Avro reader, part of iceberg-core. Delete files other engines write
 * (position and equality deletes in Parquet or Avro, deletion vectors) are applied by the same
 * readers ({@link HistoryDeletes}). A Parquet file another engine wrote compressed needs Hadoop's
 * codec classes; without them the read fails naming the codec and the jar to add. An ORC file goes
 * through Iceberg's generic reader, which needs Iceberg's ORC module and Hadoop; without them the
 * read fails naming the file, the missing class and the jar that holds it.
 */
public final class HistoryReader {

  /** A class a linkage error names, in its message or a cause's: {@code a/b/C} or {@code a.b.C}. */
  private static final Pattern MISSING_CLASS =
      Pattern.compile("(?:NoClassDefFoundError|ClassNotFoundException): ([\\w$]+(?:[/.][\\w$]+)+)");

  /** The Maven artifacts that hold the classes Iceberg's generic reader may miss, by prefix. */
  private static final Map<String, String> ARTIFACTS =
      ImmutableMap.of(
          "org.apache.iceberg.orc.", "org.apache.iceberg:iceberg-orc",
          "org.apache.orc.", "org.apache.orc:orc-core",
          "org.apache.parquet.avro.", "org.apache.parquet:parquet-avro",
          "org.apache.hadoop.mapred", "org.apache.hadoop:hadoop-mapreduce-client-core",
          "org.apache.hadoop.", "org.apache.hadoop:hadoop-common");

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
   * @param into told each record and the data file that holds it; the file is null for a record
   *     that delete files apply to, and for every record when the snapshot needed Iceberg's generic
   *     reader (ORC files)
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
          DataFile file = task.deletes().isEmpty() ? task.file() : null;
          readOwnFormat(table, identifier, task, projection)
              .forEach(record -> into.accept(record, file));
        }
      } else {
        List<Record> records = new ArrayList<>();
        try (CloseableIterable<Record> rows =
            IcebergGenerics.read(table).useSnapshot(snapshotId).where(filter).build()) {
          rows.forEach(row -> records.add(row.copy()));
        } catch (NoClassDefFoundError | ExceptionInInitializerError e) {
          throw new IllegalStateException(
              String.format(
                  "Cannot read migration history %s: %s %s is %s and needs Iceberg's generic"
                      + " reader, %s",
                  identifier, kind(foreign), foreign.location(), foreign.format(), remedy(e)),
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

  /** The first file the history's own readers do not read (ORC), or null. */
  private static ContentFile<?> firstNotOwnFormat(List<FileScanTask> tasks) {
    for (FileScanTask task : tasks) {
      if (task.file().format() != FileFormat.PARQUET && task.file().format() != FileFormat.AVRO) {
        return task.file();
      }
      if (!HistoryDeletes.readable(task)) {
        return task.deletes().stream()
            .filter(file -> file.format() == FileFormat.ORC)
            .findFirst()
            .orElse(task.deletes().get(0));
      }
    }
    return null;
  }

  /**
   * What to add when Iceberg's generic reader failed to link: the class it missed and the artifact
   * that holds it, or the error itself when it names no class.
   */
  static String remedy(LinkageError error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      Matcher missing = MISSING_CLASS.matcher(cause.toString());
      if (missing.find()) {
        String name = missing.group(1).replace('/', '.');
        String artifact =
            ARTIFACTS.entrySet().stream()
                .filter(entry -> name.startsWith(entry.getKey()))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse("the jar that holds it");
        return "which needs class " + name + ": add " + artifact + " to the class path";
      }
    }
    return "which failed: " + error;
  }

  private static String kind(ContentFile<?> file) {
    return file instanceof DataFile ? "data file" : "delete file";
  }

  /**
   * Reads one Parquet or Avro data file the way Iceberg's generic reader does, without its format
   * registry: the rows of the task's split that its delete files keep and its residual filter
   * keeps, in {@code projection}.
   *
   * @throws IllegalStateException if the file or a delete file is Parquet compressed with a codec
   *     whose classes are not on the class path
   */
  public static List<Record> readOwnFormat(
      Table table, TableIdentifier identifier, FileScanTask task, Schema projection)
      throws IOException {
    List<Record> into = new ArrayList<>();
    Map<Integer, ?> constants =
        PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant);
    Evaluator residual = new Evaluator(projection.asStruct(), task.residual(), true);
    InternalRecordWrapper wrapper = new InternalRecordWrapper(projection.asStruct());
    HistoryDeletes deletes =
        task.deletes().isEmpty()
            ? null
            : HistoryDeletes.of(
                table,
                task,
                projection,
                (file, schema) ->
                    Lists.newArrayList(
                        open(
                            table, identifier, file, schema, Map.of(), 0, file.fileSizeInBytes())));
    Schema schema = deletes == null ? projection : deletes.schema();
    try (CloseableIterable<Record> rows =
        open(table, identifier, task.file(), schema, constants, task.start(), task.length())) {
      for (Record row : rows) {
        if (deletes != null && deletes.isDeleted(row)) {
          continue;
        }
        Record kept = schema == projection ? row : HistoryFiles.copyInto(projection, row);
        if (residual.eval(wrapper.wrap(kept))) {
          into.add(kept);
        }
      }
    }
    return into;
  }

  /** Opens a Parquet or Avro file of the table, reading the rows of a split in a projection. */
  private static CloseableIterable<Record> open(
      Table table,
      TableIdentifier identifier,
      ContentFile<?> file,
      Schema projection,
      Map<Integer, ?> constants,
      long start,
      long length)
      throws IOException {
    InputFile input = table.io().newInputFile(file.location(), file.fileSizeInBytes());
    try {
      return file.format() == FileFormat.PARQUET
          ? HistoryParquet.read(table, input, projection, constants, start, length)
          : Avro.read(input)
              .project(projection)
              .split(start, length)
              .createResolvingReader(schema -> PlannedDataReader.create(schema, constants))
              .build();
    } catch (HistoryParquet.CodecMissing e) {
      throw new IllegalStateException(
          String.format(
              "Cannot read migration history %s: %s %s is Parquet compressed with %s, which"
                  + " parquet-java decompresses through Hadoop's codec classes; add"
                  + " org.apache.hadoop:hadoop-common to the class path",
              identifier, kind(file), file.location(), e.codec()),
          e);
    }
  }
}
