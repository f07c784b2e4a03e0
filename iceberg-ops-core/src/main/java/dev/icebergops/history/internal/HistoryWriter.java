package dev.icebergops.history.internal;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryTableMissingException;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.internal.HistoryTable.SeenTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotUpdate;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The history table's write path, for the runner only (internal, not API): every write checks that
 * nobody changed the namespace's history since {@code base} was read; only the runner calls these,
 * under the namespace's run lease ({@code PackageDependencyTest} holds it to that).
 */
public final class HistoryWriter {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryWriter.class);

  /** How many writes this JVM has started on each history table, by the table's identifier. */
  private static final Map<TableIdentifier, AtomicLong> STARTED = new ConcurrentHashMap<>();

  private final HistoryTable history;
  private final TableIdentifier identifier;

  /**
   * How many writes of the history table {@code table} (of any catalog) this JVM has started so
   * far, failed ones included: while the count stays the same, no writer of this JVM changed the
   * table's rows. A writer in another process is not counted.
   */
  public static long writesStarted(TableIdentifier table) {
    AtomicLong started = STARTED.get(table);
    return started == null ? 0 : started.get();
  }

  private void starting() {
    STARTED.computeIfAbsent(identifier, table -> new AtomicLong()).incrementAndGet();
  }

  /** The writer of a history table. */
  public HistoryWriter(HistoryTable history) {
    this.history = Objects.requireNonNull(history, "history");
    this.identifier = history.tableIdentifier();
  }

  /**
   * Stores a namespace's new state, provided nobody wrote that namespace's history since {@code
   * base} was read. Creates the meta-namespace and the table only when {@code base} was read from
   * no table at all (the namespace's first write); a table dropped since {@code base} was read is
   * not created again.
   *
   * @param base the state the writer read
   * @param next the state to store, derived from {@code base}
   * @return the stored state, at the snapshot this write committed
   * @throws HistoryConflictException if another writer changed the namespace's history since {@code
   *     base} was read; nothing was written then
   * @throws HistoryTableMissingException if {@code base} was read from the history table and the
   *     table no longer exists; nothing was written then
   * @throws IllegalArgumentException if the two states belong to different namespaces
   * @throws IllegalStateException if another writer changed the table's partition spec or schema so
   *     that this release cannot write it; the message says how to restore it, and nothing was
   *     written then
   */
  public NamespaceHistory commit(NamespaceHistory base, NamespaceHistory next) {
    return commit(base, next, null);
  }

  /**
   * Like {@link #commit(NamespaceHistory, NamespaceHistory)}, the history table's metadata commit
   * made by {@code carrier} (for one that carries other tables' changes with it).
   *
   * @param carrier makes the history table's commit, or null to commit it alone
   * @throws HistoryConflictException if another writer changed the namespace's history since {@code
   *     base} was read, or the carrier's commit was refused; nothing was written then
   */
  public NamespaceHistory commit(
      NamespaceHistory base, NamespaceHistory next, RebaseLimit.Carrier carrier) {
    boolean takesOver =
        base.lease().isPresent()
            && next.lease().filter(l -> !l.runId().equals(base.lease().get().runId())).isPresent();
    return commit(base, next, carrier, takesOver);
  }

  /**
   * Releases the lease of whichever run holds it, as an operator does: the holder's pending rows
   * stay pending, since the holder may have written some after {@code read} was read.
   *
   * @param read the state as read, holding a lease
   * @throws HistoryConflictException if another writer changed the namespace's history since {@code
   *     read} was read; nothing was written then
   */
  public NamespaceHistory releaseHeldLease(NamespaceHistory read) {
    return commit(read, read.withoutLease(), null, true);
  }

  /**
   * @param keepsPending whether the write leaves the former holder's pending rows as they are (a
   *     takeover, an operator's release), instead of storing them as rows
   */
  private NamespaceHistory commit(
      NamespaceHistory base,
      NamespaceHistory next,
      RebaseLimit.Carrier carrier,
      boolean keepsPending) {
    if (!base.namespace().equals(next.namespace())) {
      throw new IllegalArgumentException(
          "Cannot record migration history: the states belong to namespaces %s and %s"
              .formatted(base.namespace(), next.namespace()));
    }
    String namespace = next.namespace();
    starting();
    SeenTable start = tableToCommitFrom(base, history.lastSeen.getAndSet(null));
    Table table = start.table();
    base = overUpgrade(table, base);
    HistoryWriteCheck.check(table, identifier, base, next);
    Set<String> pending =
        carrier != null && carrier.provesLease() && base.snapshotId() != null
            ? PendingRows.keys(base, next)
            : Set.of();
    if (!pending.isEmpty()) {
      return commitPending(table, next, pending, carrier);
    }
    Expression filter = HistoryTable.namespaceFilter(namespace);
    HistoryRewrite rewrite = HistoryRewrite.plan(base, next);
    List<Record> written = rewrite.records(table.schema(), next);
    DataFile file =
        rewrite.whole() || !written.isEmpty()
            ? HistoryFiles.write(table, namespace, written)
            : null;
    try {
      Table target =
          RebaseLimit.of(table, carrier, start.loaded(), alongside(base, next, keepsPending));
      SnapshotUpdate<?> write =
          rewrite.whole()
              ? wholePartition(target, filter, base, file)
              : changedFiles(target, filter, base, rewrite, file);
      write.set(HistoryWriters.SUMMARY_NAMESPACE, namespace);
      write.commit();
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      HistoryFiles.deleteQuietly(table, file);
      throw history.missing(namespace, e);
    } catch (ValidationException | CommitFailedException | RebaseLimit.Refused e) {
      HistoryFiles.deleteQuietly(table, file);
      throw HistoryWriters.conflict(
          "record migration history of namespace " + namespace, "changed it concurrently", e);
    }
    history.lastSeen.set(new SeenTable(table, false));
    long snapshotId = table.currentSnapshot().snapshotId();
    HistoryExpiry.expireIfDue(table);
    if (keepsPending && table.properties().containsKey(PendingRows.property(namespace))) {
      // a takeover that left the former holder's pending rows: read them as they now stand
      return history.load(table, snapshotId, namespace);
    }
    return rewrite.stored(base, next, snapshotId, written, file);
  }

  /**
   * What a data write's metadata commit changes besides its snapshot: the lease tag, when the
   * lease's holder changes ({@link LeaseTag#change}); the namespace's pending rows, which the write
   * stores, removed, unless the lease is taken from its holder, who may have added some since they
   * were read.
   */
  private static UnaryOperator<TableMetadata> alongside(
      NamespaceHistory base, NamespaceHistory next, boolean keepsPending) {
    UnaryOperator<TableMetadata> tag = LeaseTag.change(base, next);
    return keepsPending ? tag : tag.andThen(PendingRows.removed(next.namespace()))::apply;
  }

  /**
   * Stores {@code next} as pending rows ({@link PendingRows}): one table property, committed by
   * {@code carrier} with the proof that the run holds the lease, and read back.
   */
  private NamespaceHistory commitPending(
      Table table, NamespaceHistory next, Set<String> keys, RebaseLimit.Carrier carrier) {
    String namespace = next.namespace();
    String property = PendingRows.property(namespace);
    String value = PendingRows.json(next, keys);
    TableOperations ops = ((HasTableOperations) table).operations();
    TableMetadata current = ops.current();
    try {
      carrier.commit(
          ops,
          current,
          TableMetadata.buildFrom(current).setProperties(Map.of(property, value)).build());
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      throw history.missing(namespace, e);
    } catch (CommitFailedException e) {
      throw HistoryWriters.conflict(
          "record migration history of namespace " + namespace, "changed it concurrently", e);
    }
    if (!value.equals(ops.refresh().property(property, null))) {
      throw new CommitStateUnknownException(
          new IllegalStateException(
              "the catalog answered the multi-table commit as done, but the history table does"
                  + " not have its rows"));
    }
    history.lastSeen.set(new SeenTable(table, false));
    return next.withPending(keys);
  }

  /**
   * The state to commit from when the table's current snapshot is a layout upgrade made right on
   * top of {@code base}'s snapshot: the same rows in rewritten files, read again so that the write
   * replaces the files that hold them now. Otherwise {@code base}, validated as usual.
   */
  private NamespaceHistory overUpgrade(Table table, NamespaceHistory base) {
    Snapshot current = table.currentSnapshot();
    if (base.snapshotId() == null
        || current == null
        || !base.snapshotId().equals(current.parentId())
        || !current.summary().containsKey(HistoryLayout.SUMMARY_UPGRADE)) {
      return base;
    }
    NamespaceHistory reread = history.load(table, current.snapshotId(), base.namespace());
    return HistoryRewrite.changed(base, reread).isEmpty() ? reread : base;
  }

  /**
   * Records the rows of namespaces that have no history yet, all in one commit: one data file per
   * namespace. Meant for namespaces made as copies of another, whose history is a copy of that
   * one's: one commit for many namespaces instead of one each.
   *
   * <pre>{@code
   * history.seed(Map.of("sales_copy_1", rows1, "sales_copy_2", rows2));
   * }</pre>
   *
   * @param rows each namespace's rows; each row's {@link HistoryRecord#namespace()} must be the
   *     namespace it is listed under
   * @throws IllegalArgumentException if a row is listed under another namespace than its own
   * @throws HistoryConflictException if one of the namespaces has history already, or another
   *     writer gave it some concurrently; nothing was written then
   */
  public void seed(Map<String, List<HistoryRecord>> rows) {
    rows.forEach(
        (namespace, listed) -> {
          for (HistoryRecord row : listed) {
            if (!row.namespace().equals(namespace)) {
              throw new IllegalArgumentException(
                  String.format(
                      "Cannot seed migration history of namespace %s: row %s belongs to namespace"
                          + " %s",
                      namespace, row.version(), row.namespace()));
            }
          }
        });
    if (!rows.isEmpty()) {
      starting();
      seed(history.loadOrCreateTable(), rows);
    }
  }

  /**
   * Writes one data file per namespace and commits them at once, provided none of the namespaces
   * has rows; remembers each namespace's state at the new snapshot ({@link
   * HistoryTable#rememberSeeded}).
   */
  private void seed(Table table, Map<String, List<HistoryRecord>> rows) {
    Expression filter = Expressions.in(HistoryFiles.NAMESPACE, rows.keySet().toArray());
    Long snapshotId = table.currentSnapshot() == null ? null : table.currentSnapshot().snapshotId();
    if (snapshotId != null) {
      for (Record record : HistoryReader.read(table, identifier, snapshotId, filter)) {
        throw new HistoryConflictException(
            "Cannot seed migration history of namespace %s: it has history already"
                .formatted(record.getField(HistoryFiles.NAMESPACE)),
            null);
      }
    }
    OverwriteFiles write = overwrite(table, filter, snapshotId);
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
                  HistoryTable.rememberSeeded(
                      table.uuid(),
                      rewrite.stored(
                          empty, stored, table.currentSnapshot().snapshotId(), records, file)));
        });
    try {
      write.commit();
    } catch (ValidationException | CommitFailedException e) {
      files.forEach(file -> HistoryFiles.deleteQuietly(table, file));
      throw HistoryWriters.conflict(
          "seed migration history of namespaces " + rows.keySet(),
          "gave one history concurrently",
          e);
    }
    remember.forEach(Runnable::run); // a later read of these namespaces at this snapshot reads none
    HistoryExpiry.expireIfDue(table);
  }

  /** The namespace's whole partition replaced by the new file. */
  private static SnapshotUpdate<?> wholePartition(
      Table table, Expression filter, NamespaceHistory base, DataFile file) {
    return overwrite(table, filter, base.snapshotId()).overwriteByRowFilter(filter).addFile(file);
  }

  /**
   * An overwrite that fails if another writer added data or delete files matching {@code filter}
   * since {@code snapshotId} (when not null).
   */
  private static OverwriteFiles overwrite(Table table, Expression filter, Long snapshotId) {
    OverwriteFiles overwrite =
        HistoryCommits.newOverwrite(table)
            .scanManifestsWith(MoreExecutors.newDirectExecutorService())
            .conflictDetectionFilter(filter)
            .validateNoConflictingData()
            .validateNoConflictingDeletes();
    return snapshotId == null ? overwrite : overwrite.validateFromSnapshot(snapshotId);
  }

  /**
   * The files that hold the changed rows replaced by the new file, if any. Like the whole
   * overwrite, it fails if the namespace's partition changed since {@code base}'s snapshot: every
   * file {@code base} read must still be there (the replaced ones to be deleted, the others to be
   * kept), and no data or delete file may have been added.
   */
  private static SnapshotUpdate<?> changedFiles(
      Table table,
      Expression filter,
      NamespaceHistory base,
      HistoryRewrite rewrite,
      DataFile file) {
    RowDelta delta =
        HistoryCommits.newRowDelta(table)
            .scanManifestsWith(MoreExecutors.newDirectExecutorService());
    rewrite.replaced().forEach(delta::removeRows);
    if (file != null) {
      delta.addRows(file);
    }
    return delta
        .validateFromSnapshot(base.snapshotId())
        .conflictDetectionFilter(filter)
        .validateDataFilesExist(rewrite.kept(base))
        .validateDeletedFiles()
        .validateNoConflictingDataFiles()
        .validateNoConflictingDeleteFiles();
  }

  /**
   * The table to commit {@code base}'s successor to, in the layout this release writes: the one
   * this instance last committed or read ({@code seen}, or null) when {@code base} is the state
   * that commit or read left (nothing read since shows otherwise), else loaded. An outdated copy
   * costs nothing in correctness: Iceberg refreshes it and validates again from {@code base}'s
   * snapshot when the catalog refuses the commit.
   */
  private SeenTable tableToCommitFrom(NamespaceHistory base, SeenTable seen) {
    if (base.snapshotId() == null) {
      return new SeenTable(history.loadOrCreateTable(), true);
    }
    Snapshot current = seen == null ? null : seen.table().currentSnapshot();
    SeenTable start =
        current != null && current.snapshotId() == base.snapshotId()
            ? seen
            : new SeenTable(history.loadTableOrNull(), true);
    if (start.table() == null) {
      throw history.missing(base.namespace(), null);
    }
    HistoryLayout.upgrade(start.table(), identifier);
    return start;
  }
}
