package dev.icebergops.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntConsumer;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.avro.Avro;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableCommit;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;

/** The anchors: a chain's changes made directly with the Iceberg API, one commit each. */
final class RawDdl {

  private static final Schema LOG_SCHEMA =
      new Schema(
          Types.NestedField.required(1, "version", Types.IntegerType.get()),
          Types.NestedField.required(2, "applied_at", Types.LongType.get()));

  private final Catalog catalog;

  RawDdl(Catalog catalog) {
    this.catalog = catalog;
  }

  void createNamespace(String namespace) {
    ((SupportsNamespaces) catalog).createNamespace(Namespace.of(namespace), new HashMap<>());
  }

  void dropNamespace(String namespace) {
    ((SupportsNamespaces) catalog).dropNamespace(Namespace.of(namespace));
  }

  /**
   * Drops a namespace with its tables, their files purged: the store keeps objects in the heap, and
   * a table of 300 schemas leaves hundreds of megabytes of metadata behind.
   */
  void purge(String namespace) {
    for (TableIdentifier table : catalog.listTables(Namespace.of(namespace))) {
      catalog.dropTable(table, true);
    }
    dropNamespace(namespace);
  }

  /** Creates {@code items (id)} and adds the columns c2..cN, like migrations 0001..N. */
  Table upTo(String namespace, int n) {
    return upTo(namespace, n, version -> {});
  }

  /**
   * What {@link #upTo} does, telling {@code recorded} each version right after its commit.
   *
   * @return the table
   */
  Table upTo(String namespace, int n, IntConsumer recorded) {
    Table table = createItems(namespace);
    recorded.accept(1);
    for (int k = 2; k <= n; k++) {
      table.updateSchema().addColumn("c" + k, Types.LongType.get()).commit();
      recorded.accept(k);
    }
    return table;
  }

  /**
   * The floor of a recorded migration: what {@link #upTo} does, plus, after each change, one row
   * saying so appended to a log table of its own (created first, as a first deploy creates its
   * history table): one small Avro data file, its manifest and manifest list, one commit. The
   * cheapest data commit Iceberg makes, with no read of earlier rows.
   */
  void upToRecorded(String namespace, int n) {
    Table log = createLog(namespace);
    upTo(namespace, n, version -> record(log, version));
  }

  /** Whether the catalog takes multi-table commits ({@link #upToCommittedTogether}). */
  boolean takesMultiTableCommits() {
    return catalog instanceof RESTCatalog;
  }

  /**
   * The floor of any record kept in a second table and committed with its change: what {@link
   * #upTo} does, each change after the first committed together with one property of a log table
   * (the version), in one multi-table commit of the REST catalog. Each commit starts from the
   * metadata the one before applied, as a writer that holds both tables would: no table is read
   * between two commits.
   */
  void upToCommittedTogether(String namespace, int n) {
    Table log = createLog(namespace);
    Table table = createItems(namespace);
    TableIdentifier logName = TableIdentifier.of(namespace, "change_log");
    TableIdentifier tableName = TableIdentifier.of(namespace, Chains.TABLE);
    TableMetadata logBase = ((HasTableOperations) log).operations().current();
    TableMetadata base = ((HasTableOperations) table).operations().current();
    for (int k = 2; k <= n; k++) {
      List<Types.NestedField> fields = new ArrayList<>(base.schema().columns());
      fields.add(Types.NestedField.optional(k, "c" + k, Types.LongType.get()));
      TableMetadata next =
          TableMetadata.buildFrom(base).setCurrentSchema(new Schema(fields), k).build();
      TableMetadata logNext =
          TableMetadata.buildFrom(logBase).setProperties(Map.of("version", "" + k)).build();
      ((RESTCatalog) catalog)
          .commitTransaction(
              TableCommit.create(tableName, base, next),
              TableCommit.create(logName, logBase, logNext));
      // as the catalog now holds them: a metadata built from another keeps its changes
      base = TableMetadata.buildFrom(next).discardChanges().build();
      logBase = TableMetadata.buildFrom(logNext).discardChanges().build();
    }
  }

  /**
   * The floor of B2's test: the namespace, a log table, and the chain's changes up and down, each
   * followed by one appended row as in {@link #upToRecorded}; the namespace is left to purge.
   */
  void upAndDownRecorded(String namespace, int n) {
    createNamespace(namespace);
    Table log = createLog(namespace);
    Table table = upTo(namespace, n, version -> record(log, version));
    downFrom(namespace, table, n, version -> record(log, version));
  }

  /**
   * Creates {@code items} as migrations 0001..{@code version} leave it, in one {@code createTable}:
   * {@code id} and the columns c2..c{@code version}, optional longs as the migrations add them.
   */
  Table createAt(String namespace, int version) {
    List<Types.NestedField> fields = new ArrayList<>();
    fields.add(Types.NestedField.required(1, "id", Types.LongType.get()));
    for (int k = 2; k <= version; k++) {
      fields.add(Types.NestedField.optional(k, "c" + k, Types.LongType.get()));
    }
    return catalog.createTable(TableIdentifier.of(namespace, Chains.TABLE), new Schema(fields));
  }

  private Table createLog(String namespace) {
    return catalog.createTable(
        TableIdentifier.of(namespace, "change_log"),
        LOG_SCHEMA,
        PartitionSpec.unpartitioned(),
        Map.of(TableProperties.DEFAULT_FILE_FORMAT, "avro"));
  }

  private static void record(Table log, int version) {
    log.newFastAppend().appendFile(logFile(log, version)).commit();
  }

  private Table createItems(String namespace) {
    return catalog.createTable(
        TableIdentifier.of(namespace, Chains.TABLE),
        new Schema(Types.NestedField.required(1, "id", Types.LongType.get())));
  }

  private static DataFile logFile(Table log, int version) {
    GenericRecord row = GenericRecord.create(LOG_SCHEMA);
    row.setField("version", version);
    row.setField("applied_at", System.currentTimeMillis());
    OutputFile out =
        log.io().newOutputFile(log.locationProvider().newDataLocation(UUID.randomUUID() + ".avro"));
    try {
      DataWriter<Record> writer =
          Avro.writeData(out)
              .forTable(log)
              .createWriterFunc(org.apache.iceberg.data.avro.DataWriter::create)
              .overwrite()
              .build();
      try (writer) {
        writer.write(row);
      }
      return writer.toDataFile();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Deletes the columns cN..c2 and drops the table, like the downgrades of N..1. */
  void downFrom(String namespace, Table table, int n) {
    downFrom(namespace, table, n, version -> {});
  }

  /** What {@link #downFrom(String, Table, int)} does, telling {@code recorded} each version. */
  void downFrom(String namespace, Table table, int n, IntConsumer recorded) {
    for (int k = n; k >= 2; k--) {
      table.updateSchema().deleteColumn("c" + k).commit();
      recorded.accept(k);
    }
    catalog.dropTable(TableIdentifier.of(namespace, Chains.TABLE), true);
    recorded.accept(1);
  }
}
