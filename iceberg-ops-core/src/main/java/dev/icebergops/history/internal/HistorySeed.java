package dev.icebergops.history.internal;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.NamespaceHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;

/** The write of {@link HistoryWriter#seed}: many new namespaces' rows in one commit. */
public final class HistorySeed {

  private HistorySeed() {}

  /**
   * Writes one data file per namespace and commits them at once, provided none of the namespaces
   * has rows; remembers each namespace's state at the new snapshot ({@link SnapshotStates}).
   *
   * @throws HistoryConflictException if one of the namespaces has rows, or was given some
   *     concurrently; nothing was written then
   */
  public static void write(
      Table table, TableIdentifier identifier, Map<String, List<HistoryRecord>> rows) {
    Expression filter = Expressions.in(HistoryFiles.NAMESPACE, rows.keySet().toArray());
    Long snapshotId = table.currentSnapshot() == null ? null : table.currentSnapshot().snapshotId();
    if (snapshotId != null) {
      for (Record record : HistoryReader.read(table, identifier, snapshotId, filter)) {
        throw new HistoryConflictException(
            "Cannot seed migration history of namespace "
                + record.getField(HistoryFiles.NAMESPACE)
                + ": it has history already",
            null);
      }
    }
    OverwriteFiles write =
        table
            .newOverwrite()
            .scanManifestsWith(MoreExecutors.newDirectExecutorService())
            .conflictDetectionFilter(filter)
            .validateNoConflictingData()
            .validateNoConflictingDeletes();
    if (snapshotId != null) {
      write.validateFromSnapshot(snapshotId);
    }
    List<DataFile> files = new ArrayList<>();
    List<Runnable> remember = new ArrayList<>();
    rows.forEach(
        (namespace, listed) -> {
          NamespaceHistory empty = NamespaceHistory.empty(namespace);
          NamespaceHistory next = empty;
          for (HistoryRecord row : listed) {
            next = next.with(row);
          }
          HistoryRewrite rewrite = HistoryRewrite.plan(empty, next);
          HistoryWriteCheck.check(table, identifier, empty, next);
          List<Record> records = rewrite.records(table.schema(), next);
          DataFile file = HistoryFiles.write(table, namespace, records);
          files.add(file);
          write.addFile(file);
          NamespaceHistory stored = next;
          remember.add(
              () ->
                  SnapshotStates.put(
                      table.uuid(),
                      rewrite.stored(
                          empty, stored, table.currentSnapshot().snapshotId(), records, file)));
        });
    try {
      write.commit();
    } catch (ValidationException | CommitFailedException e) {
      files.forEach(file -> HistoryFiles.deleteQuietly(table, file));
      throw new HistoryConflictException(
          "Cannot seed migration history of namespaces "
              + rows.keySet()
              + ": another writer gave one history concurrently ("
              + e.getMessage()
              + ")",
          e);
    }
    remember.forEach(Runnable::run); // a later read of these namespaces at this snapshot reads none
  }
}
