package dev.icebergops.history.internal;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryTableMissingException;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.internal.CatalogObjects;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.relocated.com.google.common.collect.Iterables;
import org.apache.iceberg.util.SnapshotUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The migration history table as the runner and {@code MigrationHistory} reach it (internal): its
 * reads, each namespace's state at a snapshot, and the table's lifecycle (created on the first
 * write, never again once dropped; its layout upgraded in place). Writes go through {@link
 * HistoryWriter}. Thread-safe if the catalog is.
 */
public final class HistoryTable {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryTable.class);

  /** How many states {@link #SEEDED} holds: the ones used last. */
  private static final int SEEDED_CAPACITY = 256;

  /**
   * The namespace states that {@link HistoryWriter#seed} wrote, shared by every instance in this
   * JVM: a snapshot never changes, so the state of one namespace at one snapshot of one table (told
   * apart by its uuid) is the same whoever reads it, and the first read of a seeded namespace needs
   * no data file. States read from the table are kept by each instance alone ({@link #lastRead}).
   */
  private static final Map<SeededKey, NamespaceHistory> SEEDED =
      new LinkedHashMap<>(SEEDED_CAPACITY, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<SeededKey, NamespaceHistory> eldest) {
          return size() > SEEDED_CAPACITY;
        }
      };

  private record SeededKey(UUID table, long snapshotId, String namespace) {}

  private final Catalog catalog;
  private final TableIdentifier identifier;

  /** The rows a namespace reads as its history while nothing of it is stored, by namespace. */
  private final Map<String, List<HistoryRecord>> presumed;

  /**
   * The table as this instance's last successful commit left it, or as its last read of a namespace
   * loaded it: the next commit from the state that commit or read returned needs no round trip to
   * load it again. Taken by one commit at a time.
   */
  final AtomicReference<SeenTable> lastSeen = new AtomicReference<>();

  /**
   * A table as a commit left it or a read loaded it ({@code loaded}): a commit right after that
   * read starts from it as from a table loaded for the commit, without reading it again.
   */
  record SeenTable(Table table, boolean loaded) {}

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
   * The history table {@code <metaNamespace>.<tableName>} of a catalog.
   *
   * @param catalog the user's catalog
   * @param identifier the history table's identifier
   */
  public HistoryTable(Catalog catalog, TableIdentifier identifier) {
    this(catalog, identifier, List.of());
  }

  /**
   * The history table {@code identifier} of a catalog, where a namespace that has no stored row nor
   * lease reads as having {@code presumed}, its rows among them: for a namespace made as a copy of
   * another, whose copied rows its first write then stores with its own (see {@link #load}).
   *
   * @param presumed rows, each read under its own namespace
   */
  public HistoryTable(Catalog catalog, TableIdentifier identifier, List<HistoryRecord> presumed) {
    this.catalog = Objects.requireNonNull(catalog, "catalog");
    this.identifier = Objects.requireNonNull(identifier, "identifier");
    this.presumed =
        Map.copyOf(presumed.stream().collect(Collectors.groupingBy(HistoryRecord::namespace)));
  }

  /** The history table's identifier. */
  public TableIdentifier tableIdentifier() {
    return identifier;
  }

  /**
   * Reads the rows and the lease of one namespace at the current snapshot. Creates nothing.
   *
   * <p>A namespace with presumed rows ({@link #HistoryTable(Catalog, TableIdentifier, List)}) and
   * nothing stored reads as those rows, at the snapshot read: the write that turns that state into
   * the next stores them with its own, in the namespace's first commit.
   *
   * @param namespace the migrated namespace, dotted when nested
   * @return the state, empty when the history table or its namespace does not exist
   */
  public NamespaceHistory load(String namespace) {
    Objects.requireNonNull(namespace, "namespace");
    Table table = loadTableOrNull();
    NamespaceHistory stored =
        table == null || table.currentSnapshot() == null
            ? NamespaceHistory.empty(namespace)
            : load(table, table.currentSnapshot().snapshotId(), namespace);
    lastSeen.set(table == null ? null : new SeenTable(table, true));
    List<HistoryRecord> rows = presumed.get(namespace);
    if (rows == null || !stored.rows().isEmpty() || stored.lease().isPresent()) {
      return stored;
    }
    NamespaceHistory state = stored; // at the snapshot read: a write validates from there
    for (HistoryRecord row : rows) {
      state = state.with(row);
    }
    return state;
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
          String.format(
              "Cannot read migration history at snapshot %s: %s has no such snapshot",
              snapshotId, identifier));
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
    long snapshotId = table.currentSnapshot().snapshotId();
    Map<String, Map<String, HistoryRecord>> pending = PendingRows.rowsByNamespace(table);
    return Stream.concat(
            HistoryReader.read(table, identifier, snapshotId, Expressions.alwaysTrue()).stream()
                .filter(record -> !HistoryFiles.isLease(record))
                .map(record -> HistoryRows.fromRecord(record, identifier))
                .filter(
                    row ->
                        !pending
                            .getOrDefault(row.namespace(), Map.of())
                            .containsKey(row.version())),
            pending.values().stream().flatMap(rows -> rows.values().stream()))
        .sorted(
            Comparator.comparing(HistoryRecord::namespace).thenComparing(HistoryRecord::version))
        .toList();
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
    for (Snapshot earlier : Iterables.skip(SnapshotUtil.currentAncestors(table), 1)) {
      if (wanted.isEmpty()) {
        break;
      }
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
    }
    return found;
  }

  private static List<String> versionsOf(NamespaceHistory state) {
    return state.rows().stream().map(HistoryRecord::version).toList();
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
    Table table = loadTableOrNull();
    return table == null ? Optional.empty() : LeaseTag.mark(table, namespace);
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
   * The namespace's state at a snapshot; at the current snapshot, with its pending rows ({@link
   * PendingRows}) laid over the rows of the data files.
   */
  NamespaceHistory load(Table table, long snapshotId, String namespace) {
    NamespaceHistory folded = loadFolded(table, snapshotId, namespace);
    Snapshot current = table.currentSnapshot();
    return current != null && current.snapshotId() == snapshotId
        ? PendingRows.overlay(table, folded)
        : folded;
  }

  private NamespaceHistory loadFolded(Table table, long snapshotId, String namespace) {
    ReadState cached = lastRead.get();
    if (cached != null && cached.isOf(table, snapshotId, namespace)) {
      return cached.state();
    }
    NamespaceHistory state;
    synchronized (SEEDED) {
      state = SEEDED.get(new SeededKey(table.uuid(), snapshotId, namespace));
    }
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

  /** Remembers a state {@link HistoryWriter#seed} committed, for every instance to read. */
  static void rememberSeeded(UUID table, NamespaceHistory state) {
    synchronized (SEEDED) {
      SEEDED.put(new SeededKey(table, state.snapshotId(), state.namespace()), state);
    }
  }

  static Expression namespaceFilter(String namespace) {
    return Expressions.equal(HistoryFiles.NAMESPACE, namespace);
  }

  HistoryTableMissingException missing(String namespace, Exception cause) {
    return new HistoryTableMissingException(
        identifier.toString(),
        ("Cannot record migration history of namespace %s: the history table %s no longer exists"
                + " (it was dropped after this state was read); it is not created again, since a"
                + " new table would lose every version recorded before")
            .formatted(namespace, identifier),
        cause);
  }

  /**
   * The history table, or null when it or its namespace does not exist: one request, the load
   * itself (a catalog answers a table in a missing namespace with either exception), rather than a
   * check of the namespace before it, which every read of the history would pay.
   */
  Table loadTableOrNull() {
    try {
      return catalog.loadTable(identifier);
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      return null;
    }
  }

  Table loadOrCreateTable() {
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
}
