package dev.icebergops.history.internal;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.RunLease;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.relocated.com.google.common.collect.ImmutableList;
import org.apache.iceberg.relocated.com.google.common.collect.ImmutableMap;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;

/**
 * The history table's layout and its writes: converts rows to and from Iceberg generic records and
 * writes one Parquet data file per write of a namespace ({@link HistoryReader} reads them, and the
 * Avro files of earlier layouts).
 */
public final class HistoryFiles {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(HistoryFiles.class);

  public static final String VERSION = "version";
  public static final String NAMESPACE = "namespace";
  public static final String DESCRIPTION = "description";
  public static final String STATUS = "status";
  public static final String ERROR = "error";
  public static final String CHECKSUM = "checksum";
  public static final String UPDATED_AT = "updated_at";
  public static final String DURATION_MS = "duration_ms";
  public static final String OPERATION = "operation";
  public static final String STEPS = "steps";
  public static final String RUN_ID = "run_id";
  public static final String LEASE_HOST = "lease_host";
  public static final String LEASE_PID = "lease_pid";
  public static final String LEASE_EXPIRES_AT = "lease_expires_at";
  public static final String LEASE_PID_NAMESPACE = "lease_pid_namespace";
  public static final String LEASE_BOOT_ID = "lease_boot_id";
  public static final String TABLE_UUIDS = "table_uuids";

  /** The version column of the row that holds a namespace's run lease. */
  public static final String LEASE_VERSION = "lease";

  public static final String LEASE_STATUS = "leased";

  /** The table property that carries the layout version, so a later release can upgrade it. */
  public static final String LAYOUT_VERSION_PROPERTY = "iceberg-ops.history.layout-version";

  /**
   * The layout this release writes: 2 adds operation, steps, run_id and the lease columns; 3 adds
   * the PID namespace and boot of the lease's holder; 4 writes the data files in Parquet instead of
   * Avro (PyIceberg and DuckDB scan Parquet and ORC only), uncompressed; 5 adds the uuids of the
   * namespace's tables recorded with each version; 6 may hold a namespace's latest rows as pending
   * rows, a table property ({@link PendingRows}) that an earlier release would not read, so that it
   * refuses to write the table rather than act on a stale history.
   */
  public static final int LAYOUT_VERSION = 6;

  /** The first layout whose data files are Parquet. */
  public static final int PARQUET_LAYOUT = 4;

  /** The table properties of the data files' format, which other engines' writes follow too. */
  public static final Map<String, String> FORMAT_PROPERTIES =
      Map.of(
          TableProperties.DEFAULT_FILE_FORMAT,
          "parquet",
          TableProperties.PARQUET_COMPRESSION,
          "uncompressed");

  /** The history table's schema, layout version 1 (the first release). */
  public static final Schema SCHEMA_V1 =
      new Schema(
          required(1, VERSION, Types.StringType.get()),
          required(2, NAMESPACE, Types.StringType.get()),
          optional(3, DESCRIPTION, Types.StringType.get()),
          required(4, STATUS, Types.StringType.get()),
          optional(5, ERROR, Types.StringType.get()),
          optional(6, CHECKSUM, Types.StringType.get()),
          required(7, UPDATED_AT, Types.TimestampType.withZone()),
          optional(8, DURATION_MS, Types.LongType.get()));

  /** Every column a later layout adds to version 1, in order. */
  public static final List<NestedField> ADDED_AFTER_V1 =
      List.of(
          // layout version 2
          optional(9, OPERATION, Types.StringType.get()),
          optional(10, STEPS, Types.ListType.ofOptional(15, Types.StringType.get())),
          optional(11, RUN_ID, Types.StringType.get()),
          optional(12, LEASE_HOST, Types.StringType.get()),
          optional(13, LEASE_PID, Types.LongType.get()),
          optional(14, LEASE_EXPIRES_AT, Types.TimestampType.withZone()),
          // layout version 3
          optional(16, LEASE_PID_NAMESPACE, Types.StringType.get()),
          optional(17, LEASE_BOOT_ID, Types.StringType.get()),
          // layout version 5: each table's uuid by name
          optional(
              18,
              TABLE_UUIDS,
              Types.MapType.ofOptional(19, 20, Types.StringType.get(), Types.StringType.get())));

  /** The history table's schema, layout version 5. */
  public static final Schema SCHEMA =
      new Schema(
          ImmutableList.<NestedField>builder()
              .addAll(SCHEMA_V1.columns())
              .addAll(ADDED_AFTER_V1)
              .build());

  /** Identity partitioning on the namespace: runners of different namespaces do not conflict. */
  public static final PartitionSpec SPEC =
      PartitionSpec.builderFor(SCHEMA).identity(NAMESPACE).build();

  /** Table properties set when the table is created. */
  public static final Map<String, String> PROPERTIES =
      ImmutableMap.<String, String>builder()
          .putAll(FORMAT_PROPERTIES)
          .put(TableProperties.FORMAT_VERSION, "2")
          .put(TableProperties.COMMIT_NUM_RETRIES, "20")
          .put(TableProperties.COMMIT_MIN_RETRY_WAIT_MS, "20")
          .put(TableProperties.COMMIT_MAX_RETRY_WAIT_MS, "2000")
          // each commit writes a new metadata file: those past the table's metadata log are deleted
          .put(TableProperties.METADATA_DELETE_AFTER_COMMIT_ENABLED, "true")
          .put(LAYOUT_VERSION_PROPERTY, String.valueOf(LAYOUT_VERSION))
          .buildOrThrow();

  private HistoryFiles() {}

  /**
   * Writes one Parquet data file holding the given records, which all belong to one namespace (see
   * {@link HistoryParquet}: no Hadoop). Spark, Trino, PyIceberg and DuckDB read it.
   *
   * @param table the history table
   * @param namespace the namespace (the file's partition)
   * @param records the records, in the table's current schema
   * @return the data file, not yet committed
   */
  public static DataFile write(Table table, String namespace, List<Record> records) {
    PartitionKey partition = new PartitionKey(table.spec(), table.schema());
    GenericRecord template = GenericRecord.create(table.schema());
    template.setField(NAMESPACE, namespace);
    partition.partition(template);
    try {
      return write(table, table.spec(), partition, records);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot write migration history for namespace " + namespace + ": " + e.getMessage(), e);
    }
  }

  /** Writes one Parquet data file of a partition, at a new location of the table. */
  public static DataFile write(
      Table table, PartitionSpec spec, StructLike partition, List<Record> records)
      throws IOException {
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, System.nanoTime())
            .format(FileFormat.PARQUET)
            .operationId("iceberg-ops-history-" + UUID.randomUUID())
            .build();
    EncryptedOutputFile out = files.newOutputFile(spec, partition);
    return HistoryParquet.write(table, spec, partition, out.encryptingOutputFile(), records);
  }

  public static boolean isLease(Record record) {
    return LEASE_VERSION.equals(record.getField(VERSION));
  }

  /**
   * A record in {@code schema} holding a row, carrying over every other column of {@code base} (a
   * column this release does not know keeps its value).
   */
  public static Record toRecord(Schema schema, HistoryRecord row, Record base) {
    Record record = copyInto(schema, base);
    record.setField(VERSION, row.version());
    record.setField(NAMESPACE, row.namespace());
    record.setField(DESCRIPTION, row.description());
    record.setField(STATUS, row.status().value());
    record.setField(ERROR, row.error());
    record.setField(CHECKSUM, row.checksum());
    record.setField(UPDATED_AT, row.updatedAt().atOffset(ZoneOffset.UTC));
    record.setField(DURATION_MS, row.durationMs());
    record.setField(OPERATION, row.operation());
    record.setField(STEPS, row.steps());
    record.setField(RUN_ID, row.runId());
    if (schema.findField(TABLE_UUIDS) != null) {
      record.setField(TABLE_UUIDS, row.tableUuids());
    }
    return record;
  }

  /** A record in {@code schema} holding a namespace's lease. */
  public static Record toRecord(Schema schema, String namespace, RunLease lease, Record base) {
    Record record = copyInto(schema, base);
    record.setField(VERSION, LEASE_VERSION);
    record.setField(NAMESPACE, namespace);
    record.setField(DESCRIPTION, "run lease held by " + lease.owner());
    record.setField(STATUS, LEASE_STATUS);
    record.setField(UPDATED_AT, lease.since().atOffset(ZoneOffset.UTC));
    record.setField(RUN_ID, lease.runId());
    record.setField(LEASE_HOST, lease.host());
    record.setField(LEASE_PID, lease.pid());
    record.setField(LEASE_EXPIRES_AT, lease.expiresAt().atOffset(ZoneOffset.UTC));
    record.setField(LEASE_PID_NAMESPACE, lease.pidNamespace());
    record.setField(LEASE_BOOT_ID, lease.bootId());
    return record;
  }

  /** Copies every column of {@code base} that {@code schema} has, matched by field id. */
  public static Record copyInto(Schema schema, Record base) {
    GenericRecord record = GenericRecord.create(schema);
    if (base == null) {
      return record;
    }
    Types.StructType from = base.struct();
    for (NestedField field : schema.columns()) {
      NestedField source = from.field(field.fieldId());
      if (source != null) {
        record.setField(field.name(), base.getField(source.name()));
      }
    }
    return record;
  }

  public static RunLease leaseFromRecord(Record record) {
    Object expires = field(record, LEASE_EXPIRES_AT);
    Instant since = instant(record.getField(UPDATED_AT));
    return new RunLease(
        Objects.requireNonNullElse((String) field(record, LEASE_HOST), "unknown host"),
        (Long) Objects.requireNonNullElse(field(record, LEASE_PID), -1L),
        (String) field(record, LEASE_PID_NAMESPACE),
        (String) field(record, LEASE_BOOT_ID),
        Objects.requireNonNullElse((String) field(record, RUN_ID), "unknown run"),
        since,
        expires == null ? since : instant(expires));
  }

  /** A column's value, or null when the record's schema has no such column. */
  public static Object field(Record record, String name) {
    return record.struct().field(name) == null ? null : record.getField(name);
  }

  /** A stored time; the epoch when another writer left it null (a lease long expired). */
  static Instant instant(Object value) {
    return value instanceof OffsetDateTime time ? time.toInstant() : Instant.EPOCH;
  }

  /** Deletes a data file no commit references, if any (null is none); a failure is only logged. */
  public static void deleteQuietly(Table table, DataFile file) {
    if (file == null) {
      return;
    }
    try {
      table.io().deleteFile(file.location());
    } catch (RuntimeException e) {
      LOG.debug("Cannot delete orphan history file {}: {}", file.location(), e.getMessage());
    }
  }
}
