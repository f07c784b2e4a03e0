package dev.icebergops.history;

import dev.icebergops.history.internal.HistoryFiles;
import dev.icebergops.history.internal.HistoryWriters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.avro.Avro;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;

/**
 * A history table as layout 3 (the last Avro-era release) left it: the table created with that
 * release's properties ({@code write.format.default=avro}, layout version 3), and each write one
 * Avro data file written the way that release's {@code HistoryFiles.write} wrote it (Iceberg's Avro
 * writer, its generic records), committed as an overwrite of the namespace's partition or an
 * append.
 */
final class AvroEraHistory {

  /** The properties layout 3 created the table with. */
  static final Map<String, String> LAYOUT_3_PROPERTIES =
      Map.of(
          TableProperties.FORMAT_VERSION,
          "2",
          TableProperties.DEFAULT_FILE_FORMAT,
          "avro",
          TableProperties.COMMIT_NUM_RETRIES,
          "20",
          TableProperties.COMMIT_MIN_RETRY_WAIT_MS,
          "20",
          TableProperties.COMMIT_MAX_RETRY_WAIT_MS,
          "2000",
          HistoryFiles.LAYOUT_VERSION_PROPERTY,
          "3");

  /** The history table's schema up to layout 4, without the table uuids layout 5 adds. */
  static final Schema SCHEMA_BEFORE_V5 =
      new Schema(
          HistoryFiles.SCHEMA.columns().stream()
              .filter(column -> !column.name().equals(HistoryFiles.TABLE_UUIDS))
              .toList());

  private AvroEraHistory() {}

  /** Creates the table as layout 3 did. */
  static Table create(Catalog catalog, TableIdentifier identifier) {
    return catalog.createTable(
        identifier, SCHEMA_BEFORE_V5, HistoryFiles.SPEC, new HashMap<>(LAYOUT_3_PROPERTIES));
  }

  /** Appends one Avro data file holding a namespace's rows and, if given, its lease. */
  static DataFile append(Table table, String namespace, List<HistoryRecord> rows, RunLease lease) {
    List<Record> records = new ArrayList<>();
    for (HistoryRecord row : rows) {
      records.add(HistoryFiles.toRecord(table.schema(), row, null));
    }
    if (lease != null) {
      records.add(HistoryFiles.toRecord(table.schema(), namespace, lease, null));
    }
    DataFile file = write(table, namespace, records);
    table.newAppend().appendFile(file).set(HistoryWriters.SUMMARY_NAMESPACE, namespace).commit();
    return file;
  }

  /** Layout 3's {@code HistoryFiles.write}: one Avro data file of a namespace's records. */
  static DataFile write(Table table, String namespace, List<Record> records) {
    PartitionKey partition = new PartitionKey(table.spec(), table.schema());
    GenericRecord template = GenericRecord.create(table.schema());
    template.setField(HistoryFiles.NAMESPACE, namespace);
    partition.partition(template);
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, System.nanoTime())
            .format(FileFormat.AVRO)
            .operationId("iceberg-ops-history-" + UUID.randomUUID())
            .build();
    try {
      DataWriter<Record> writer =
          Avro.writeData(files.newOutputFile(table.spec(), partition))
              .forTable(table)
              .withPartition(partition)
              .createWriterFunc(org.apache.iceberg.data.avro.DataWriter::create)
              .overwrite()
              .build();
      try (writer) {
        for (Record record : records) {
          writer.write(record);
        }
      }
      return writer.toDataFile();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
