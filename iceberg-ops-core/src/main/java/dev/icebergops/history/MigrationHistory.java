package dev.icebergops.history;

import dev.icebergops.history.internal.HistoryWrites;
import dev.icebergops.internal.CatalogObjects;
import dev.icebergops.migration.TableNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotUpdate;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The migration history table, {@code <meta-namespace>.migration_history} in the user's own
 * catalog: one row per (version, namespace) with its latest state, in Parquet data files that
 * Spark, Trino, PyIceberg and DuckDB read (written uncompressed, without Hadoop).
 *
 * <p>The table is partitioned by {@code namespace}, so runners of different namespaces share it
 * without conflict. While a run migrates a namespace, that partition also holds one row whose
 * {@code version} is {@code lease}: the run's lease (see {@link RunLease}). Reading never creates
 * anything; the first write creates the meta-namespace and the table, and a write based on a state
 * read from a table that was dropped since fails ({@link HistoryTableMissingException}) instead of
 * creating it again. Every write is one overwrite of the namespace's partition validated against
 * the snapshot its writer read, so a writer that read stale state loses with a {@link
 * HistoryConflictException} and writes nothing. A write replaces the files that hold the rows it
 * changes and adds one; it rewrites the whole partition when the namespace would hold more than
 * eight files or holds files of another engine. Columns this release does not know are kept; delete
 * files written by other engines are applied when reading. The layout's version is the table
 * property {@code iceberg-ops.history.layout-version}; an older layout is upgraded in place on the
 * first write, in one commit: the Avro data files of layouts 1 to 3 are rewritten into Parquet with
 * their rows, and the table's {@code write.format.default} becomes {@code parquet}. Avro files are
 * still read (earlier snapshots, files an older release adds). Another writer's changes are
 * tolerated where they can be: a row this release cannot read (an unknown status, a null version,
 * namespace, status or time) is read as {@link HistoryRecord.Status#UNREADABLE} carrying its raw
 * values, a status in another case as the status it spells; a write to a table whose partition spec
 * is not {@code [namespace]}, whose layout column was renamed or dropped, or that requires a column
 * this release does not fill is refused before writing, naming the change and the call that
 * restores it. Earlier states stay readable by time travel ({@link #read(String, long)}) until the
 * table's snapshots expire.
 *
 * <pre>{@code
 * MigrationHistory history = new MigrationHistory(catalog); // _iceberg_ops.migration_history
 * List<HistoryRecord> sales = history.read("sales");
 * }</pre>
 *
 * <p><b>Read-only.</b> Its public methods only read: the history is written by a {@code
 * MigrationRunner}, under the namespace's run lease (its runs, and its named operations {@code
 * seedHistory} and {@code forgetHistory}), so that no write skips the lease or the conflict checks.
 *
 * <p>Instances are thread-safe if the catalog is.
 */
public final class MigrationHistory {

  /** The namespace that holds the history table unless another is configured. */
  public static final String DEFAULT_META_NAMESPACE = "_iceberg_ops";

  /** The history table's name inside the meta-namespace. */
  public static final String TABLE_NAME = "migration_history";

  private static final Logger LOG = LoggerFactory.getLogger(MigrationHistory.class);

  static {
    // the write path, for the runner only: see HistoryWrites
    HistoryWrites.install(
        new HistoryWrites.Access() {
          @Override
          public NamespaceHistory commit(
              MigrationHistory history, NamespaceHistory base, NamespaceHistory next) {
            return history.commit(base, next);
          }

          @Override
          public void seed(MigrationHistory history, Map<String, List<HistoryRecord>> rows) {
            history.seed(rows);
          }
        });
  }

  private final Catalog catalog;
  private final TableIdentifier identifier;

  /**
   * The table as this instance's last successful commit left it: the next commit from the state
   * that commit returned needs no round trips to load it again. Taken by one commit at a time.
   */
  private final AtomicReference<Table> lastCommitted = new AtomicReference<>();

  /**
   * The namespace state this instance last read, with the table it was read from: a snapshot never
   * changes, so while it is current a read of the same namespace returns this state instead of
   * reading the data files again (status, plan and migrate read one after the other).
   */
  private final AtomicReference<ReadState> lastRead = new AtomicReference<>();

  private record ReadState(UUID tableUuid, NamespaceHistory state) {
    boolean isOf(Table table, long snapshotId, String namespace) {
      return state.namespace().equals(namespace)
          && Long.valueOf(snapshotId).equals(state.snapshotId())
          && tableUuid.equals(table.uuid());
    }
  }

  /**
   * Creates a history on the table {@code _iceberg_ops.migration_history} of a catalog.
   *
   * @param catalog the user's catalog
   * @throws NullPointerException if the catalog is null
   */
  public MigrationHistory(Catalog catalog) {
    this(catalog, DEFAULT_META_NAMESPACE);
  }

  /**
   * Creates a history on the table {@code <metaNamespace>.migration_history} of a catalog.
   *
   * @param catalog the user's catalog
   * @param metaNamespace the namespace holding the history table, dotted when nested
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if the meta-namespace is blank
   */
  public MigrationHistory(Catalog catalog, String metaNamespace) {
    this.catalog = Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(metaNamespace, "metaNamespace");
    if (metaNamespace.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot use meta-namespace '" + metaNamespace + "': it is blank");
    }
    this.identifier = TableNames.identifier(metaNamespace, TABLE_NAME);
  }

  /**
   * Returns the identifier of the history table.
   *
   * @return {@code <meta-namespace>.migration_history}
   */
  public TableIdentifier tableIdentifier() {
    return identifier;
  }

  /**
   * Reads the rows and the lease of one namespace at the current snapshot. Creates nothing.
   *
   * @param namespace the migrated namespace, dotted when nested
   * @return the state, empty when the history table or its namespace does not exist
   */
  public NamespaceHistory load(String namespace) {
    Objects.requireNonNull(namespace, "namespace");
    Table table = loadTableOrNull();
    forgetIfChanged(table);
    if (table == null || table.currentSnapshot() == null) {
      return NamespaceHistory.empty(namespace);
    }
    return load(table, table.currentSnapshot().snapshotId(), namespace);
  }

  /**
   * Reads the current rows of one namespace, sorted by version. Creates nothing.
   *
   * @param namespace the migrated namespace, dotted when nested
   * @return the rows, empty when the history table or its namespace does not exist
   */
  public List<HistoryRecord> read(String namespace) {
    return load(namespace).rows();
  }

  /**
   * Reads the rows of one namespace as they were at an earlier snapshot of the history table (time
   * travel), sorted by version. Creates nothing.
   *
   * @param namespace the migrated namespace, dotted when nested
   * @param snapshotId a snapshot id of the history table
   * @return the rows, empty when the history table does not exist
   * @throws IllegalArgumentException if the table has no such snapshot (it may have expired)
   */
  public List<HistoryRecord> read(String namespace, long snapshotId) {
    Objects.requireNonNull(namespace, "namespace");
    Table table = loadTableOrNull();
    if (table == null) {
      return List.of();
    }
    if (table.snapshot(snapshotId) == null) {
      throw new IllegalArgumentException(
          "Cannot read migration history at snapshot "
              + snapshotId
              + ": "
              + identifier
              + " has no such snapshot");
    }
    return load(table, snapshotId, namespace).rows();
  }

  /**
   * Reads the current rows of every namespace, sorted by namespace, then version. Creates nothing.
   *
   * @return the rows, empty when the history table or its namespace does not exist
   */
  public List<HistoryRecord> readAll() {
    Table table = loadTableOrNull();
    if (table == null || table.currentSnapshot() == null) {
      return List.of();
    }
    List<HistoryRecord> rows = new ArrayList<>();
    for (Record record :
        HistoryReader.read(
            table, identifier, table.currentSnapshot().snapshotId(), Expressions.alwaysTrue())) {
      if (!HistoryFiles.isLease(record)) {
        rows.add(HistoryRows.fromRecord(record, identifier));
      }
    }
    rows.sort(Comparator.comparing(HistoryRecord::namespace).thenComparing(HistoryRecord::version));
    return rows;
  }

  /**
   * The versions among {@code versions} that {@code namespace} has no row for now but had one for
   * at an earlier snapshot of the history table: rows that another writer deleted. Reads the
   * snapshots still kept, newest first, until every version is found. Creates nothing.
   *
   * <pre>{@code
   * Set<String> deleted = history.deletedRows("sales", Set.of("0002")); // [0002] if deleted
   * }</pre>
   *
   * @param namespace the migrated namespace, dotted when nested
   * @param versions the versions to look for
   * @return the versions found in an earlier snapshot, empty when none or no table
   */
  public Set<String> deletedRows(String namespace, Set<String> versions) {
    Table table = loadTableOrNull();
    if (versions.isEmpty() || table == null || table.currentSnapshot() == null) {
      return Set.of();
    }
    Set<String> wanted = new TreeSet<>(versions);
    wanted.removeAll(versionsOf(load(table, table.currentSnapshot().snapshotId(), namespace)));
    Set<String> found = new TreeSet<>();
    Snapshot earlier = parentOf(table, table.currentSnapshot());
    while (earlier != null && !wanted.isEmpty()) {
      try {
        for (String version : versionsOf(read(table, earlier.snapshotId(), namespace))) {
          if (wanted.remove(version)) {
            found.add(version);
          }
        }
      } catch (NotFoundException e) {
        LOG.debug("Cannot read {} at snapshot {}: {}", identifier, earlier, e.getMessage());
        break; // its files were removed: older snapshots tell nothing more
      }
      earlier = parentOf(table, earlier);
    }
    return found;
  }

  private static List<String> versionsOf(NamespaceHistory state) {
    return state.rows().stream().map(HistoryRecord::version).toList();
  }

  private static Snapshot parentOf(Table table, Snapshot snapshot) {
    return snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId());
  }

  /**
   * The run lease held on a namespace, if any. Creates nothing.
   *
   * @param namespace the migrated namespace
   * @return the lease, possibly expired
   */
  public Optional<RunLease> lease(String namespace) {
    return load(namespace).lease();
  }

  /**
   * The snapshot the namespace's lease tag points at: the commit that last took, took over or
   * released its run lease. Every such commit moves the tag, and nothing else does, so a catalog
   * commit that asserts the tag has not moved cannot land once another run has taken the lease.
   *
   * @param namespace the migrated namespace
   * @return the snapshot id, empty when the history table or the tag does not exist
   */
  public Optional<Long> leaseMark(String namespace) {
    Table table = loadTableOrNull();
    return table == null ? Optional.empty() : LeaseTag.mark(table, namespace);
  }

  /**
   * The name of the namespace's lease tag on the history table: {@code iceberg-ops-lease-sales}.
   *
   * @param namespace the migrated namespace
   * @return the tag's name
   */
  public static String leaseTag(String namespace) {
    return LeaseTag.name(namespace);
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
  NamespaceHistory commit(NamespaceHistory base, NamespaceHistory next) {
    if (!base.namespace().equals(next.namespace())) {
      throw new IllegalArgumentException(
          "Cannot record migration history: the states belong to namespaces "
              + base.namespace()
              + " and "
              + next.namespace());
    }
    String namespace = next.namespace();
    Table table = tableToCommitFrom(base);
    base = overUpgrade(table, base);
    Expression filter = namespaceFilter(namespace);
    HistoryRewrite rewrite = HistoryRewrite.plan(base, next);
    HistoryWriteCheck.check(table, identifier, base, next);
    List<Record> written = rewrite.records(table.schema(), next);
    DataFile file =
        rewrite.whole() || !written.isEmpty()
            ? HistoryFiles.write(table, namespace, written)
            : null;
    try {
      Table limited = RebaseLimit.of(table);
      // a change of the lease's holder moves its tag in the same metadata commit
      Transaction moving = LeaseTag.moves(base, next) ? limited.newTransaction() : null;
      Table target = moving != null ? moving.table() : limited;
      SnapshotUpdate<?> write =
          rewrite.whole()
              ? wholePartition(target, filter, base, file)
              : changedFiles(target, filter, base, rewrite, file);
      write.set(HistoryWriters.SUMMARY_NAMESPACE, namespace);
      write.commit();
      if (moving != null) {
        LeaseTag.moveTo(moving, namespace);
        moving.commitTransaction();
      }
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      if (file != null) {
        deleteQuietly(table, file);
      }
      throw missing(namespace, e);
    } catch (ValidationException | CommitFailedException | RebaseLimit.Refused e) {
      if (file != null) {
        deleteQuietly(table, file);
      }
      throw new HistoryConflictException(
          "Cannot record migration history of namespace "
              + namespace
              + ": another writer changed it concurrently ("
              + e.getMessage()
              + ")",
          e);
    }
    long committed = table.currentSnapshot().snapshotId();
    lastCommitted.set(table);
    return rewrite.stored(base, next, committed, written, file);
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
        || !current.summary().containsKey(HistoryFormatUpgrade.SUMMARY_UPGRADE)) {
      return base;
    }
    NamespaceHistory reread = load(table, current.snapshotId(), base.namespace());
    return HistoryRewrite.changed(base, reread).isEmpty() ? reread : base;
  }

  /**
   * The namespaces whose history was written after a snapshot of the history table: what kept
   * changing the table while a write of one namespace was refused. Creates nothing.
   *
   * @param snapshotId the snapshot the write read, or null for every snapshot
   * @return the namespaces, sorted; empty when the table does not exist
   */
  public Set<String> namespacesWrittenSince(Long snapshotId) {
    Table table = loadTableOrNull();
    return table == null ? Set.of() : HistoryWriters.since(table, snapshotId);
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
  void seed(Map<String, List<HistoryRecord>> rows) {
    rows.forEach(
        (namespace, listed) -> {
          for (HistoryRecord row : listed) {
            if (!row.namespace().equals(namespace)) {
              throw new IllegalArgumentException(
                  "Cannot seed migration history of namespace "
                      + namespace
                      + ": row "
                      + row.version()
                      + " belongs to namespace "
                      + row.namespace());
            }
          }
        });
    if (!rows.isEmpty()) {
      HistorySeed.write(loadOrCreateTable(), identifier, rows);
    }
  }

  /** The namespace's whole partition replaced by the new file. */
  private static SnapshotUpdate<?> wholePartition(
      Table table, Expression filter, NamespaceHistory base, DataFile file) {
    OverwriteFiles overwrite =
        table
            .newOverwrite()
            .scanManifestsWith(MoreExecutors.newDirectExecutorService())
            .overwriteByRowFilter(filter)
            .addFile(file)
            .conflictDetectionFilter(filter)
            .validateNoConflictingData()
            .validateNoConflictingDeletes();
    if (base.snapshotId() != null) {
      overwrite.validateFromSnapshot(base.snapshotId());
    }
    return overwrite;
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
        table.newRowDelta().scanManifestsWith(MoreExecutors.newDirectExecutorService());
    rewrite.replaced().forEach(delta::removeRows);
    if (file != null) {
      delta.addRows(file);
    }
    return delta
        .validateFromSnapshot(base.snapshotId())
        .conflictDetectionFilter(filter)
        .validateDataFilesExist(kept(base, rewrite))
        .validateDeletedFiles()
        .validateNoConflictingDataFiles()
        .validateNoConflictingDeleteFiles();
  }

  /** The locations of {@code base}'s files that the write keeps. */
  private static List<String> kept(NamespaceHistory base, HistoryRewrite rewrite) {
    Set<String> replaced = new HashSet<>();
    rewrite.replaced().forEach(file -> replaced.add(file.location()));
    return base.files().values().stream()
        .map(DataFile::location)
        .distinct()
        .filter(location -> !replaced.contains(location))
        .toList();
  }

  private NamespaceHistory load(Table table, long snapshotId, String namespace) {
    ReadState cached = lastRead.get();
    if (cached != null && cached.isOf(table, snapshotId, namespace)) {
      return cached.state();
    }
    NamespaceHistory state = SnapshotStates.get(table.uuid(), snapshotId, namespace);
    if (state == null) {
      state = read(table, snapshotId, namespace);
    }
    lastRead.set(new ReadState(table.uuid(), state));
    return state;
  }

  private NamespaceHistory read(Table table, long snapshotId, String namespace) {
    Map<String, HistoryRecord> rows = new HashMap<>();
    Map<String, Record> stored = new HashMap<>();
    Map<String, DataFile> files = new HashMap<>();
    boolean[] filesKnown = {true};
    RunLease[] lease = {null};
    HistoryReader.read(
        table,
        identifier,
        snapshotId,
        namespaceFilter(namespace),
        (record, file) -> {
          if (!namespace.equals(record.getField(HistoryFiles.NAMESPACE))) {
            return;
          }
          String key;
          if (HistoryFiles.isLease(record)) {
            lease[0] = HistoryFiles.leaseFromRecord(record);
            key = HistoryFiles.LEASE_VERSION;
          } else {
            HistoryRecord row = HistoryRows.fromRecord(record, identifier);
            rows.put(row.version(), row);
            key = row.version();
          }
          stored.put(key, record);
          if (file == null || files.put(key, file) != null) {
            filesKnown[0] = false; // another engine's files, or one key in two files
          }
        });
    return new NamespaceHistory(
        namespace, snapshotId, rows, lease[0], stored, filesKnown[0] ? files : null);
  }

  private static Expression namespaceFilter(String namespace) {
    return Expressions.equal(HistoryFiles.NAMESPACE, namespace);
  }

  /**
   * The table to commit {@code base}'s successor to: the one this instance last committed when
   * {@code base} is the state that commit left (nothing read since shows otherwise), else loaded.
   * An outdated copy costs nothing in correctness: Iceberg refreshes it and validates again from
   * {@code base}'s snapshot when the catalog refuses the commit.
   */
  private Table tableToCommitFrom(NamespaceHistory base) {
    Table cached = lastCommitted.getAndSet(null);
    if (cached != null
        && base.snapshotId() != null
        && cached.currentSnapshot() != null
        && cached.currentSnapshot().snapshotId() == base.snapshotId()) {
      return cached;
    }
    if (base.snapshotId() == null) {
      return loadOrCreateTable();
    }
    Table table = loadTableOrNull();
    if (table == null) {
      throw missing(base.namespace(), null);
    }
    HistoryLayout.upgrade(table, identifier);
    return table;
  }

  /**
   * Forgets the table kept from the last commit when another writer changed its schema or partition
   * spec since (which makes no snapshot): the next commit checks the table as it is.
   */
  private void forgetIfChanged(Table loaded) {
    Table cached = lastCommitted.get();
    if (cached != null
        && (loaded == null
            || cached.schema().schemaId() != loaded.schema().schemaId()
            || cached.spec().specId() != loaded.spec().specId())) {
      lastCommitted.compareAndSet(cached, null);
    }
  }

  private HistoryTableMissingException missing(String namespace, Exception cause) {
    return new HistoryTableMissingException(
        identifier.toString(),
        "Cannot record migration history of namespace "
            + namespace
            + ": the history table "
            + identifier
            + " no longer exists (it was dropped after this state was read); it is not created"
            + " again, since a new table would lose every version recorded before",
        cause);
  }

  /**
   * The history table, or null when it or its namespace does not exist: one request, the load
   * itself (a catalog answers a table in a missing namespace with either exception), rather than a
   * check of the namespace before it, which every read of the history would pay.
   */
  private Table loadTableOrNull() {
    try {
      return catalog.loadTable(identifier);
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      return null;
    }
  }

  private Table loadOrCreateTable() {
    Table table = loadTableOrNull();
    if (table != null) {
      HistoryLayout.upgrade(table, identifier);
      return table;
    }
    CatalogObjects.createNamespaceIfMissing(catalog, identifier.namespace());
    return CatalogObjects.createTableOrLoad(
        catalog,
        identifier,
        () -> {
          Table created =
              catalog.createTable(
                  identifier, HistoryFiles.SCHEMA, HistoryFiles.SPEC, HistoryFiles.PROPERTIES);
          LOG.info("Created migration history table {}", identifier);
          return created;
        });
  }

  static void deleteQuietly(Table table, DataFile file) {
    try {
      table.io().deleteFile(file.location());
    } catch (RuntimeException e) {
      LOG.debug("Cannot delete orphan history file {}: {}", file.location(), e.getMessage());
    }
  }
}
