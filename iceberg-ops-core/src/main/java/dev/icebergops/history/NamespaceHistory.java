package dev.icebergops.history;

import dev.icebergops.history.internal.HistoryRows;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.data.Record;

/**
 * The history of one namespace as read at one snapshot of the history table: its rows and its run
 * lease. Immutable; the {@code with} methods return the state a write would leave, which the runner
 * stores (a write fails with {@link HistoryConflictException} if another writer came first).
 *
 * <pre>{@code
 * NamespaceHistory read = history.load("sales");
 * Optional<RunLease> lease = read.lease();
 * }</pre>
 */
public final class NamespaceHistory {

  private final String namespace;
  private final Long snapshotId;
  private final Map<String, HistoryRecord> rows;
  private final RunLease lease;

  /** The records as read, by version (and the lease row), carrying columns this release lacks. */
  private final Map<String, Record> stored;

  /**
   * The data file that holds each stored record, by version (and the lease row); null when not
   * known for every record (another engine's files, delete files).
   */
  private final Map<String, DataFile> files;

  /** The versions (and the lease row) whose value is pending: not yet in the data files. */
  private final Set<String> pending;

  /**
   * A state as the history table's reader built it (internal to iceberg-ops: applications read
   * states through {@link MigrationHistory#load}).
   *
   * @param stored the records as read, by version and lease row
   * @param files the data file of each stored record, or null when not known for every record
   */
  public NamespaceHistory(
      String namespace,
      Long snapshotId,
      Map<String, HistoryRecord> rows,
      RunLease lease,
      Map<String, Record> stored,
      Map<String, DataFile> files) {
    this.namespace = namespace;
    this.snapshotId = snapshotId;
    this.rows = Collections.unmodifiableMap(new TreeMap<>(rows));
    this.lease = lease;
    this.stored = Map.copyOf(stored);
    this.files = files == null ? null : Map.copyOf(files);
    this.pending = Set.of();
  }

  private NamespaceHistory(NamespaceHistory state, Set<String> pending) {
    this.namespace = state.namespace;
    this.snapshotId = state.snapshotId;
    this.rows = state.rows;
    this.lease = state.lease;
    this.stored = state.stored;
    this.files = state.files;
    this.pending = Set.copyOf(pending);
  }

  /** The state of a namespace without history, read from no table. */
  public static NamespaceHistory empty(String namespace) {
    return new NamespaceHistory(namespace, null, Map.of(), null, Map.of(), Map.of());
  }

  /** The namespace these rows belong to. */
  public String namespace() {
    return namespace;
  }

  /** The snapshot of the history table this state was read at, or null when there was none. */
  public Long snapshotId() {
    return snapshotId;
  }

  /** The rows, in version order. */
  public List<HistoryRecord> rows() {
    return new ArrayList<>(rows.values());
  }

  /** The row of a version, if recorded. */
  public Optional<HistoryRecord> row(String version) {
    return Optional.ofNullable(rows.get(version));
  }

  /** The run lease, if one is held (or was left by a run that died). */
  public Optional<RunLease> lease() {
    return Optional.ofNullable(lease);
  }

  /**
   * This state with a row added or replaced.
   *
   * @param row a row of this namespace
   * @return the new state
   * @throws IllegalArgumentException if the row belongs to another namespace
   */
  public NamespaceHistory with(HistoryRecord row) {
    if (!row.namespace().equals(namespace)) {
      throw new IllegalArgumentException(
          "Cannot record migration %s of namespace %s in the history of %s"
              .formatted(row.version(), row.namespace(), namespace));
    }
    Map<String, HistoryRecord> next = new TreeMap<>(rows);
    next.put(row.version(), row);
    return new NamespaceHistory(
        new NamespaceHistory(namespace, snapshotId, next, lease, stored, files), pending);
  }

  /**
   * This state without a version's row: how {@code repair} removes a row another writer left
   * unreadable, so that the version reads as missing from history.
   *
   * @param version the version whose row is removed
   * @return the new state, this one when there is no such row
   */
  public NamespaceHistory without(String version) {
    if (!rows.containsKey(version)) {
      return this;
    }
    Map<String, HistoryRecord> next = new TreeMap<>(rows);
    next.remove(version);
    return new NamespaceHistory(
        new NamespaceHistory(namespace, snapshotId, next, lease, stored, files), pending);
  }

  /**
   * The versions whose status another writer stored in another spelling (case, spaces) that was
   * read as the status it spells; {@code repair} rewrites them as iceberg-ops writes them.
   *
   * @return the versions, in order
   */
  public Set<String> respelled() {
    Set<String> versions = new TreeSet<>();
    rows.forEach(
        (version, row) -> {
          Record record = stored.get(version);
          if (record != null
              && !pending.contains(version)
              && HistoryRows.isNormalized(record, row)) {
            versions.add(version);
          }
        });
    return versions;
  }

  /** This state with the lease set (taken or renewed). */
  public NamespaceHistory withLease(RunLease newLease) {
    return new NamespaceHistory(
        new NamespaceHistory(namespace, snapshotId, rows, newLease, stored, files), pending);
  }

  /** This state with the lease released. */
  public NamespaceHistory withoutLease() {
    return new NamespaceHistory(
        new NamespaceHistory(namespace, snapshotId, rows, null, stored, files), pending);
  }

  /** The records as read, by version and lease row (internal to iceberg-ops). */
  public Map<String, Record> stored() {
    return stored;
  }

  /** The data file of each stored record, by version and lease row; null when not all known. */
  public Map<String, DataFile> files() {
    return files;
  }

  /**
   * The versions (and the lease row's key) whose value was read from, or written to, the table's
   * pending rows rather than its data files (internal to iceberg-ops).
   */
  public Set<String> pendingKeys() {
    return pending;
  }

  /** This state with {@code keys} pending (internal to iceberg-ops). */
  public NamespaceHistory withPending(Set<String> keys) {
    return new NamespaceHistory(this, keys);
  }

  @Override
  public String toString() {
    return "NamespaceHistory{%s, snapshot=%s, rows=%s, lease=%s}"
        .formatted(namespace, snapshotId, rows.size(), lease);
  }
}
