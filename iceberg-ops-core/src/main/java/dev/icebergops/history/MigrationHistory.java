package dev.icebergops.history;

import dev.icebergops.internal.CatalogObjects;
import dev.icebergops.runner.ConcurrentMigrationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The migration history table, {@code <meta-namespace>.migration_history} in the user's own
 * catalog: one row per (version, namespace) with its latest state, in Parquet data files.
 *
 * <p>The table is partitioned by {@code namespace}, so runners of different namespaces can share
 * it. Reading never creates anything; the first {@link #record} creates the meta-namespace and the
 * table. Writes replace a row with optimistic concurrency: the writer states the row it last saw,
 * and loses with a {@link ConcurrentMigrationException} if another run changed it meanwhile.
 * Earlier states of a row stay readable by time travel ({@link #read(String, long)}) until the
 * table's snapshots expire.
 *
 * <pre>{@code
 * MigrationHistory history = new MigrationHistory(catalog); // _iceberg_ops.migration_history
 * HistoryRecord before = history.read("sales").stream()
 *     .filter(row -> row.version().equals("0003")).findFirst().orElse(null);
 * HistoryRecord applied = new HistoryRecord("0003", "sales", "add discount column",
 *     HistoryRecord.Status.APPLIED, null, checksum, Instant.now(), 42L);
 * history.record(applied, before); // ConcurrentMigrationException if another run got there first
 * }</pre>
 *
 * <p>Instances are thread-safe if the catalog is.
 */
public final class MigrationHistory {

  /** The namespace that holds the history table unless another is configured. */
  public static final String DEFAULT_META_NAMESPACE = "_iceberg_ops";

  /** The history table's name inside the meta-namespace. */
  public static final String TABLE_NAME = "migration_history";

  private static final Logger LOG = LoggerFactory.getLogger(MigrationHistory.class);

  /** How often {@link #record} re-reads and retries after losing a commit race. */
  static final int MAX_ATTEMPTS = 20;

  private final Catalog catalog;
  private final TableIdentifier identifier;

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
    this.identifier = TableIdentifier.parse(metaNamespace + "." + TABLE_NAME);
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
   * Reads the current rows of one namespace, sorted by version. Creates nothing.
   *
   * @param namespace the migrated namespace, dotted when nested
   * @return the rows, empty when the history table or its namespace does not exist
   */
  public List<HistoryRecord> read(String namespace) {
    Objects.requireNonNull(namespace, "namespace");
    Table table = loadTableOrNull();
    if (table == null || table.currentSnapshot() == null) {
      return List.of();
    }
    return HistoryFiles.read(
        table, table.currentSnapshot().snapshotId(), namespaceFilter(namespace), namespace);
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
    return HistoryFiles.read(table, snapshotId, namespaceFilter(namespace), namespace);
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
    return HistoryFiles.read(
        table, table.currentSnapshot().snapshotId(), Expressions.alwaysTrue(), null);
  }

  /**
   * Stores a row, replacing the row of the same (version, namespace), provided that row is still
   * the one this writer last saw. Creates the meta-namespace and the table on first use.
   *
   * @param row the new state of (row.version, row.namespace)
   * @param expected the row for that key this writer last read, or null if it read none
   * @throws ConcurrentMigrationException if the stored row for the key is not {@code expected}
   *     (another run recorded it concurrently), or the table kept changing for {@value
   *     #MAX_ATTEMPTS} attempts; nothing was recorded then
   * @throws IllegalArgumentException if {@code expected} belongs to another key
   */
  public void record(HistoryRecord row, HistoryRecord expected) {
    Objects.requireNonNull(row, "row");
    if (expected != null
        && !(expected.version().equals(row.version())
            && expected.namespace().equals(row.namespace()))) {
      throw new IllegalArgumentException(
          "Cannot record migration "
              + row.version()
              + " for namespace "
              + row.namespace()
              + ": the expected row is for version "
              + expected.version()
              + " of namespace "
              + expected.namespace());
    }
    Table table = loadOrCreateTable();
    Expression filter = namespaceFilter(row.namespace());
    RuntimeException lastConflict = null;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (attempt > 1) {
        backOff(attempt);
        table.refresh();
      }
      Snapshot base = table.currentSnapshot();
      List<HistoryRecord> rows =
          base == null
              ? new ArrayList<>()
              : new ArrayList<>(
                  HistoryFiles.read(table, base.snapshotId(), filter, row.namespace()));
      HistoryRecord stored = null;
      for (HistoryRecord candidate : rows) {
        if (candidate.version().equals(row.version())) {
          stored = candidate;
        }
      }
      if (!Objects.equals(stored, expected)) {
        throw new ConcurrentMigrationException(
            row.version(),
            "Cannot record migration "
                + row.version()
                + " for namespace "
                + row.namespace()
                + ": another run recorded it concurrently ("
                + describe(stored)
                + ")",
            null);
      }
      rows.removeIf(candidate -> candidate.version().equals(row.version()));
      rows.add(row);
      rows.sort(HistoryFiles.ORDER);

      DataFile file = HistoryFiles.write(table, row.namespace(), rows);
      OverwriteFiles overwrite =
          table
              .newOverwrite()
              .overwriteByRowFilter(filter)
              .addFile(file)
              .conflictDetectionFilter(filter)
              .validateNoConflictingData()
              .validateNoConflictingDeletes();
      if (base != null) {
        overwrite.validateFromSnapshot(base.snapshotId());
      }
      try {
        overwrite.commit();
        LOG.info(
            "Recorded migration {} for namespace {} as {} in {}",
            row.version(),
            row.namespace(),
            row.status().value(),
            identifier);
        return;
      } catch (ValidationException | CommitFailedException e) {
        lastConflict = e;
        LOG.debug(
            "Cannot record migration {} for namespace {} (attempt {} of {}): {}",
            row.version(),
            row.namespace(),
            attempt,
            MAX_ATTEMPTS,
            e.getMessage());
        deleteQuietly(table, file);
      }
    }
    throw new ConcurrentMigrationException(
        row.version(),
        "Cannot record migration "
            + row.version()
            + " for namespace "
            + row.namespace()
            + ": "
            + identifier
            + " kept changing concurrently for "
            + MAX_ATTEMPTS
            + " attempts",
        lastConflict);
  }

  private static String describe(HistoryRecord stored) {
    return stored == null
        ? "now not recorded"
        : "now " + stored.status().value() + " at " + stored.updatedAt();
  }

  private static Expression namespaceFilter(String namespace) {
    return Expressions.equal(HistoryFiles.NAMESPACE, namespace);
  }

  private Table loadTableOrNull() {
    if (catalog instanceof SupportsNamespaces namespaces
        && !namespaces.namespaceExists(identifier.namespace())) {
      return null;
    }
    try {
      return catalog.loadTable(identifier);
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      return null;
    }
  }

  private Table loadOrCreateTable() {
    Table table = loadTableOrNull();
    if (table != null) {
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

  private static void deleteQuietly(Table table, DataFile file) {
    try {
      table.io().deleteFile(file.location());
    } catch (RuntimeException e) {
      LOG.debug("Cannot delete orphan history file {}: {}", file.location(), e.getMessage());
    }
  }

  private static void backOff(int attempt) {
    long bound = Math.min(1000L, 25L << Math.min(attempt, 5));
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(bound / 2, bound + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot record migration history: interrupted", e);
    }
  }
}
