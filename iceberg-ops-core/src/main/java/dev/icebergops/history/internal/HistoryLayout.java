package dev.icebergops.history.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateProperties;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.apache.iceberg.types.Types.NestedField;
import org.apache.iceberg.util.StructLikeWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Upgrades a history table written by an earlier release to this release's layout, in place. */
public final class HistoryLayout {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryLayout.class);

  /** The snapshot summary property that marks the commit of a layout upgrade: {@code 3 -> 4}. */
  public static final String SUMMARY_UPGRADE = "iceberg-ops.layout-upgrade";

  private HistoryLayout() {}

  /** The layout version a table declares; 1 when it declares none (the first release). */
  public static int version(Table table) {
    String value = table.properties().get(HistoryFiles.LAYOUT_VERSION_PROPERTY);
    try {
      return value == null ? 1 : Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          String.format(
              "Cannot read migration history layout: %s is '%s', not a number",
              HistoryFiles.LAYOUT_VERSION_PROPERTY, value));
    }
  }

  /** How often an upgrade that lost to another writer is tried again from a fresh load. */
  public static final int ATTEMPTS = 5;

  /**
   * Upgrades the table to this release's layout in one commit: adds the columns the table lacks,
   * rewrites the Avro data files of an Avro-era layout into Parquet (rows kept), sets the data
   * files' format properties and records the layout version. When another writer upgraded it
   * meanwhile, uses what that writer committed; when another writer changed the files being
   * rewritten, tries again from a fresh load.
   *
   * @throws IllegalStateException if the table declares a newer layout than this release knows
   * @throws HistoryConflictException if the table kept changing for {@value #ATTEMPTS} attempts;
   *     nothing was upgraded then
   */
  public static void upgrade(Table table, TableIdentifier identifier) {
    for (int attempt = 1; ; attempt++) {
      int found = version(table);
      if (found == HistoryFiles.LAYOUT_VERSION) {
        return;
      }
      if (found > HistoryFiles.LAYOUT_VERSION) {
        throw new IllegalStateException(
            String.format(
                "Cannot write migration history %s: its layout version is %s but this release of"
                    + " iceberg-ops writes version %s; upgrade iceberg-ops",
                identifier, found, HistoryFiles.LAYOUT_VERSION));
      }
      try {
        commit(table, identifier, found);
        return;
      } catch (CommitFailedException
          | ValidationException
          | IllegalArgumentException
          | RebaseLimit.Refused e) {
        // another writer upgraded it, or changed the files being rewritten, at the same time
        table.refresh();
        if (version(table) < HistoryFiles.LAYOUT_VERSION && attempt >= ATTEMPTS) {
          throw HistoryWriters.conflict(
              "upgrade migration history " + identifier + " from layout version " + found,
              "kept changing it",
              e);
        }
      }
    }
  }

  private static void commit(Table table, TableIdentifier identifier, int found) {
    Transaction transaction =
        RebaseLimit.of(table, null, false, UnaryOperator.identity()).newTransaction();
    UpdateSchema schema = transaction.updateSchema();
    for (NestedField column : HistoryFiles.ADDED_AFTER_V1) {
      if (table.schema().findField(column.name()) == null) {
        schema.addColumn(column.name(), column.type(), column.doc());
      }
    }
    schema.commit();
    List<DataFile> written = new ArrayList<>();
    try {
      if (found < HistoryFiles.PARQUET_LAYOUT) {
        rewriteAvroFiles(table, transaction, identifier, found, written);
      }
      UpdateProperties properties = transaction.updateProperties();
      HistoryFiles.FORMAT_PROPERTIES.forEach(properties::set);
      properties
          .set(HistoryFiles.LAYOUT_VERSION_PROPERTY, String.valueOf(HistoryFiles.LAYOUT_VERSION))
          .commit();
      transaction.commitTransaction();
    } catch (IOException | RuntimeException e) {
      written.forEach(file -> HistoryFiles.deleteQuietly(table, file));
      throw e instanceof IOException io
          ? new UncheckedIOException(
              "Cannot upgrade migration history " + identifier + ": " + io.getMessage(), io)
          : (RuntimeException) e;
    }
    table.refresh();
    LOG.info(
        "Upgraded migration history {} from layout version {} to {}{}",
        identifier,
        found,
        HistoryFiles.LAYOUT_VERSION,
        written.isEmpty()
            ? ""
            : ", its Avro data files rewritten into " + written.size() + " Parquet files");
  }

  /**
   * The data-file half of the upgrade to the Parquet layout: every Avro data file of the current
   * snapshot rewritten into Parquet, one file per partition, rows kept as they are (columns this
   * release does not know included), staged in the upgrade's transaction so that the files and the
   * layout version land in one commit. A file that delete files apply to is left as it is (its rows
   * are read with the deletes applied, Avro or not), and so is a file of an earlier partition spec.
   *
   * @param table the history table as loaded (its current snapshot is the one rewritten)
   * @param transaction the upgrade's transaction, its schema change already staged
   * @param from the layout version the table declared
   * @param written told each Parquet file written, to delete if the transaction does not commit
   */
  private static void rewriteAvroFiles(
      Table table,
      Transaction transaction,
      TableIdentifier identifier,
      int from,
      List<DataFile> written)
      throws IOException {
    Snapshot current = table.currentSnapshot();
    if (current == null) {
      return;
    }
    Table staged = transaction.table();
    PartitionSpec spec = staged.spec();
    Map<StructLikeWrapper, List<FileScanTask>> avro = new LinkedHashMap<>();
    for (FileScanTask task :
        HistoryReader.tasks(table, current.snapshotId(), Expressions.alwaysTrue())) {
      DataFile file = task.file();
      if (file.format() == FileFormat.AVRO
          && task.deletes().isEmpty()
          && file.specId() == spec.specId()) {
        avro.computeIfAbsent(
                StructLikeWrapper.forType(spec.partitionType()).set(file.partition()),
                key -> new ArrayList<>())
            .add(task);
      }
    }
    if (avro.isEmpty()) {
      return;
    }
    RewriteFiles rewrite =
        transaction
            .newRewrite()
            .scanManifestsWith(MoreExecutors.newDirectExecutorService())
            .validateFromSnapshot(current.snapshotId());
    for (List<FileScanTask> tasks : avro.values()) {
      List<Record> records = new ArrayList<>();
      for (FileScanTask task : tasks) {
        records.addAll(HistoryReader.readOwnFormat(staged, identifier, task, staged.schema()));
        rewrite.deleteFile(task.file());
      }
      DataFile file = HistoryFiles.write(staged, spec, tasks.get(0).file().partition(), records);
      written.add(file);
      rewrite.addFile(file);
    }
    rewrite.set(SUMMARY_UPGRADE, from + " -> " + HistoryFiles.LAYOUT_VERSION);
    rewrite.commit();
  }
}
