package dev.icebergops.history;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;

/**
 * The history table's layout and its Parquet I/O: converts {@link HistoryRecord}s to and from
 * Iceberg generic records, writes one data file per namespace and reads the rows of a snapshot.
 * Uses iceberg-parquet only (no iceberg-data, no ORC).
 */
final class HistoryFiles {

  static final String VERSION = "version";
  static final String NAMESPACE = "namespace";
  static final String DESCRIPTION = "description";
  static final String STATUS = "status";
  static final String ERROR = "error";
  static final String CHECKSUM = "checksum";
  static final String UPDATED_AT = "updated_at";
  static final String DURATION_MS = "duration_ms";

  /** The history table's schema. */
  static final Schema SCHEMA =
      new Schema(
          required(1, VERSION, Types.StringType.get()),
          required(2, NAMESPACE, Types.StringType.get()),
          optional(3, DESCRIPTION, Types.StringType.get()),
          required(4, STATUS, Types.StringType.get()),
          optional(5, ERROR, Types.StringType.get()),
          optional(6, CHECKSUM, Types.StringType.get()),
          required(7, UPDATED_AT, Types.TimestampType.withZone()),
          optional(8, DURATION_MS, Types.LongType.get()));

  /** Identity partitioning on the namespace: runners of different namespaces do not conflict. */
  static final PartitionSpec SPEC = PartitionSpec.builderFor(SCHEMA).identity(NAMESPACE).build();

  /** Table properties set when the table is created. */
  static final Map<String, String> PROPERTIES =
      Map.of(
          TableProperties.FORMAT_VERSION, "2",
          TableProperties.DEFAULT_FILE_FORMAT, "parquet",
          TableProperties.COMMIT_NUM_RETRIES, "20",
          TableProperties.COMMIT_MIN_RETRY_WAIT_MS, "20",
          TableProperties.COMMIT_MAX_RETRY_WAIT_MS, "2000");

  /** Orders rows by (namespace, version). */
  static final Comparator<HistoryRecord> ORDER =
      Comparator.comparing(HistoryRecord::namespace).thenComparing(HistoryRecord::version);

  private HistoryFiles() {}

  /**
   * Reads the rows of a snapshot that match a filter, in (namespace, version) order.
   *
   * @param table the history table
   * @param snapshotId the snapshot to read
   * @param filter the row filter, also applied to partitions
   * @param namespace the namespace to keep, or null for all
   * @return the rows
   * @throws UnsupportedOperationException if the snapshot has delete files (iceberg-ops never
   *     writes them; another engine did)
   */
  static List<HistoryRecord> read(
      Table table, long snapshotId, Expression filter, String namespace) {
    TableScan scan = table.newScan().useSnapshot(snapshotId).filter(filter);
    List<HistoryRecord> rows = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      for (FileScanTask task : tasks) {
        if (!task.deletes().isEmpty()) {
          throw new UnsupportedOperationException(
              "Cannot read migration history: "
                  + task.file().location()
                  + " has delete files, which iceberg-ops does not write or apply");
        }
        readFile(table, task, rows, namespace);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read migration history: " + e.getMessage(), e);
    }
    rows.sort(ORDER);
    return rows;
  }

  private static void readFile(
      Table table, FileScanTask task, List<HistoryRecord> rows, String namespace)
      throws IOException {
    CloseableIterable<Record> records =
        Parquet.read(table.io().newInputFile(task.file().location()))
            .project(SCHEMA)
            .filter(task.residual())
            .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(SCHEMA, fileSchema))
            .build();
    try (records) {
      for (Record record : records) {
        HistoryRecord row = fromRecord(record);
        if (namespace == null || namespace.equals(row.namespace())) {
          rows.add(row);
        }
      }
    }
  }

  /**
   * Writes one Parquet data file holding the given rows, which all belong to one namespace.
   *
   * @param table the history table
   * @param namespace the namespace (the file's partition)
   * @param rows the rows to write
   * @return the data file, not yet committed
   */
  static DataFile write(Table table, String namespace, List<HistoryRecord> rows) {
    PartitionKey partition = new PartitionKey(table.spec(), table.schema());
    GenericRecord template = GenericRecord.create(table.schema());
    template.setField(NAMESPACE, namespace);
    partition.partition(template);

    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, System.nanoTime())
            .format(FileFormat.PARQUET)
            .operationId("iceberg-ops-history-" + UUID.randomUUID())
            .build();
    try {
      DataWriter<Record> writer =
          Parquet.writeData(files.newOutputFile(table.spec(), partition))
              .forTable(table)
              .withPartition(partition)
              .createWriterFunc(GenericParquetWriter::create)
              .overwrite()
              .build();
      try (writer) {
        for (HistoryRecord row : rows) {
          writer.write(toRecord(table.schema(), row));
        }
      }
      return writer.toDataFile();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write migration history for namespace " + namespace + ": " + e.getMessage(), e);
    }
  }

  static Record toRecord(Schema schema, HistoryRecord row) {
    GenericRecord record = GenericRecord.create(schema);
    record.setField(VERSION, row.version());
    record.setField(NAMESPACE, row.namespace());
    record.setField(DESCRIPTION, row.description());
    record.setField(STATUS, row.status().value());
    record.setField(ERROR, row.error());
    record.setField(CHECKSUM, row.checksum());
    record.setField(UPDATED_AT, row.updatedAt().atOffset(ZoneOffset.UTC));
    record.setField(DURATION_MS, row.durationMs());
    return record;
  }

  static HistoryRecord fromRecord(Record record) {
    Object duration = record.getField(DURATION_MS);
    return new HistoryRecord(
        (String) record.getField(VERSION),
        (String) record.getField(NAMESPACE),
        (String) record.getField(DESCRIPTION),
        HistoryRecord.Status.fromValue((String) record.getField(STATUS)),
        (String) record.getField(ERROR),
        (String) record.getField(CHECKSUM),
        ((OffsetDateTime) record.getField(UPDATED_AT)).toInstant(),
        duration == null ? 0L : (Long) duration);
  }
}
