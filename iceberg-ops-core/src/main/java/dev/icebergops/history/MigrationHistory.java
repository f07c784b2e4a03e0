package dev.icebergops.history;

import dev.icebergops.history.internal.HistoryTable;
import dev.icebergops.history.internal.LeaseTag;
import dev.icebergops.migration.TableNames;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

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
 * MigrationRunner}, under the namespace's run lease (its runs, and the test toolkit's seeding and
 * forgetting of a namespace's history), so that no write skips the lease or the conflict checks.
 *
 * <p>Instances are thread-safe if the catalog is.
 */
public final class MigrationHistory {

  /** The namespace that holds the history table unless another is configured. */
  public static final String DEFAULT_META_NAMESPACE = "_iceberg_ops";

  /** The history table's name inside the meta-namespace. */
  public static final String TABLE_NAME = "migration_history";

  private final HistoryTable table;

  /** The table behind these reads, for the history's own tests (and nothing else). */
  HistoryTable table() {
    return table;
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
    Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(metaNamespace, "metaNamespace");
    if (metaNamespace.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot use meta-namespace '" + metaNamespace + "': it is blank");
    }
    this.table = new HistoryTable(catalog, TableNames.identifier(metaNamespace, TABLE_NAME));
  }

  /**
   * Returns the identifier of the history table.
   *
   * @return {@code <meta-namespace>.migration_history}
   */
  public TableIdentifier tableIdentifier() {
    return table.tableIdentifier();
  }

  /**
   * Reads the rows and the lease of one namespace at the current snapshot. Creates nothing.
   *
   * @param namespace the migrated namespace, dotted when nested
   * @return the state, empty when the history table or its namespace does not exist
   */
  public NamespaceHistory load(String namespace) {
    return table.load(namespace);
  }

  /**
   * Reads the current rows of one namespace, sorted by version. Creates nothing.
   *
   * @param namespace the migrated namespace, dotted when nested
   * @return the rows, empty when the history table or its namespace does not exist
   */
  public List<HistoryRecord> read(String namespace) {
    return table.load(namespace).rows();
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
    return table.read(namespace, snapshotId);
  }

  /**
   * Reads the current rows of every namespace, sorted by namespace, then version. Creates nothing.
   *
   * @return the rows, empty when the history table or its namespace does not exist
   */
  public List<HistoryRecord> readAll() {
    return table.readAll();
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
    return table.deletedRows(namespace, versions);
  }

  /**
   * The run lease held on a namespace, if any. Creates nothing.
   *
   * @param namespace the migrated namespace
   * @return the lease, possibly expired
   */
  public Optional<RunLease> lease(String namespace) {
    return table.load(namespace).lease();
  }

  /**
   * The snapshot the namespace's lease tag points at: the commit that last took or took over its
   * run lease. Every such commit moves the tag, the release removes it, and nothing else changes
   * it, so a catalog commit that asserts the tag has not moved cannot land once another run has
   * taken the lease, or once it was released.
   *
   * @param namespace the migrated namespace
   * @return the snapshot id, empty when the history table or the tag does not exist (no run holds
   *     the lease)
   */
  public Optional<Long> leaseMark(String namespace) {
    return table.leaseMark(namespace);
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
   * The namespaces whose history was written after a snapshot of the history table: what kept
   * changing the table while a write of one namespace was refused. Creates nothing.
   *
   * @param snapshotId the snapshot the write read, or null for every snapshot
   * @return the namespaces, sorted; empty when the table does not exist
   */
  public Set<String> namespacesWrittenSince(Long snapshotId) {
    return table.namespacesWrittenSince(snapshotId);
  }
}
