package dev.icebergops.history.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.apache.iceberg.util.StructLikeWrapper;

/**
 * The data-file half of the upgrade to the Parquet layout: every Avro data file of the current
 * snapshot rewritten into Parquet, one file per partition, rows kept as they are (columns this
 * release does not know included), staged in the upgrade's transaction so that the files and the
 * layout version land in one commit. A file that delete files apply to is left as it is (its rows
 * are read with the deletes applied, Avro or not), and so is a file of an earlier partition spec.
 */
public final class HistoryFormatUpgrade {

  /** The snapshot summary property that marks the commit of a layout upgrade: {@code 3 -> 4}. */
  public static final String SUMMARY_UPGRADE = "iceberg-ops.layout-upgrade";

  private HistoryFormatUpgrade() {}

  /**
   * Stages the rewrite of the table's Avro data files in the transaction.
   *
   * @param table the history table as loaded (its current snapshot is the one rewritten)
   * @param transaction the upgrade's transaction, its schema change already staged
   * @param from the layout version the table declared
   * @return the Parquet files written, to delete if the transaction does not commit
   */
  public static List<DataFile> stage(
      Table table, Transaction transaction, TableIdentifier identifier, int from) {
    Snapshot current = table.currentSnapshot();
    if (current == null) {
      return List.of();
    }
    Table staged = transaction.table();
    PartitionSpec spec = staged.spec();
    Map<StructLikeWrapper, List<FileScanTask>> avro = avroFiles(table, current, spec);
    if (avro.isEmpty()) {
      return List.of();
    }
    List<DataFile> written = new ArrayList<>();
    try {
      RewriteFiles rewrite =
          transaction
              .newRewrite()
              .scanManifestsWith(MoreExecutors.newDirectExecutorService())
              .validateFromSnapshot(current.snapshotId());
      for (List<FileScanTask> tasks : avro.values()) {
        List<Record> records = new ArrayList<>();
        for (FileScanTask task : tasks) {
          records.addAll(
              HistoryReader.readOwnFormat(staged, identifier, task, staged.schema(), true));
          rewrite.deleteFile(task.file());
        }
        DataFile file = HistoryFiles.write(staged, spec, tasks.get(0).file().partition(), records);
        written.add(file);
        rewrite.addFile(file);
      }
      rewrite.set(SUMMARY_UPGRADE, from + " -> " + HistoryFiles.LAYOUT_VERSION);
      rewrite.commit();
      return written;
    } catch (IOException e) {
      written.forEach(file -> HistoryFiles.deleteQuietly(table, file));
      throw new UncheckedIOException(
          "Cannot upgrade migration history " + identifier + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      written.forEach(file -> HistoryFiles.deleteQuietly(table, file));
      throw e;
    }
  }

  /** The current snapshot's Avro data files without deletes, by partition, of the current spec. */
  private static Map<StructLikeWrapper, List<FileScanTask>> avroFiles(
      Table table, Snapshot current, PartitionSpec spec) {
    Map<StructLikeWrapper, List<FileScanTask>> byPartition = new LinkedHashMap<>();
    try (CloseableIterable<FileScanTask> tasks =
        table
            .newScan()
            .useSnapshot(current.snapshotId())
            .planWith(MoreExecutors.newDirectExecutorService())
            .planFiles()) {
      for (FileScanTask task : tasks) {
        DataFile file = task.file();
        if (file.format() == FileFormat.AVRO
            && task.deletes().isEmpty()
            && file.specId() == spec.specId()) {
          byPartition
              .computeIfAbsent(
                  StructLikeWrapper.forType(spec.partitionType()).set(file.partition()),
                  key -> new ArrayList<>())
              .add(task);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return byPartition;
  }
}
