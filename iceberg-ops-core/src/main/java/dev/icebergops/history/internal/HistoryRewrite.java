package dev.icebergops.history.internal;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.NamespaceHistory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;

/**
 * Which of a namespace's history files a write replaces, which rows go into the one file it adds,
 * and what the namespace holds after it. A write replaces only the files that hold a row it adds,
 * changes or removes, so a deploy onto a long history writes its own few rows rather than every row
 * again. It replaces the whole partition instead when it changes nothing, when the base state was
 * not read from the table or holds a row whose file is unknown (another engine's files, delete
 * files, pending rows), and when the namespace would otherwise hold more than {@value #MAX_FILES}
 * files.
 *
 * @param whole whether the write replaces the namespace's whole partition
 * @param replaced the files the write deletes (empty when whole)
 * @param keys the versions (and the lease row) the new file holds
 */
public record HistoryRewrite(boolean whole, List<DataFile> replaced, Set<String> keys) {

  /** The most files a namespace's partition holds after a write that does not replace it whole. */
  public static final int MAX_FILES = 8;

  /**
   * Plans the write that turns {@code base} into {@code next}.
   *
   * @param base the state as read from (or committed to) the table
   * @param next the state to store
   * @return the plan
   */
  public static HistoryRewrite plan(NamespaceHistory base, NamespaceHistory next) {
    Set<String> nextKeys = keys(next);
    Map<String, DataFile> files = base.files();
    if (base.snapshotId() == null
        || files == null
        || !base.pendingKeys().isEmpty()
        || !files.keySet().containsAll(keys(base))) {
      return whole(nextKeys);
    }
    Set<String> changed = changed(base, next);
    Map<String, DataFile> replaced = new LinkedHashMap<>();
    for (String key : changed) {
      DataFile file = files.get(key);
      if (file != null) {
        replaced.put(file.location(), file);
      }
    }
    Set<String> keys = new TreeSet<>();
    for (String key : nextKeys) {
      DataFile file = files.get(key);
      if (changed.contains(key) || (file != null && replaced.containsKey(file.location()))) {
        keys.add(key);
      }
    }
    HistoryRewrite rewrite = new HistoryRewrite(false, List.copyOf(replaced.values()), keys);
    return changed.isEmpty() || rewrite.kept(base).size() + 1 > MAX_FILES
        ? whole(nextKeys)
        : rewrite;
  }

  /** The locations of {@code base}'s files that the write keeps. */
  public List<String> kept(NamespaceHistory base) {
    Set<String> deleted = replaced.stream().map(DataFile::location).collect(Collectors.toSet());
    return base.files().values().stream()
        .map(DataFile::location)
        .distinct()
        .filter(location -> !deleted.contains(location))
        .toList();
  }

  /**
   * The records the new file holds: those of {@code next}'s rows and lease whose keys this plan
   * writes, in the table's schema, each carrying the columns its stored record had; an unreadable
   * row is its stored record unchanged.
   */
  public List<Record> records(Schema schema, NamespaceHistory next) {
    List<Record> records = new ArrayList<>();
    for (HistoryRecord row : next.rows()) {
      Record base = next.stored().get(row.version());
      if (keys.contains(row.version())) {
        // another writer's unreadable row is kept as stored, until repair removes it
        records.add(
            row.status() == HistoryRecord.Status.UNREADABLE && base != null
                ? HistoryFiles.copyInto(schema, base)
                : HistoryFiles.toRecord(schema, row, base));
      }
    }
    if (keys.contains(HistoryFiles.LEASE_VERSION)) {
      next.lease()
          .ifPresent(
              lease ->
                  records.add(
                      HistoryFiles.toRecord(
                          schema,
                          next.namespace(),
                          lease,
                          next.stored().get(HistoryFiles.LEASE_VERSION))));
    }
    return records;
  }

  /**
   * The state the write stored: each row with its record and file, the rows it wrote from the new
   * file and the others from where {@code base} had them.
   *
   * @param snapshotId the snapshot the write committed
   * @param written the records of the new file
   * @param file the new file, or null when the write added none
   */
  public NamespaceHistory stored(
      NamespaceHistory base,
      NamespaceHistory next,
      long snapshotId,
      List<Record> written,
      DataFile file) {
    Map<String, HistoryRecord> rows = new HashMap<>();
    next.rows().forEach(row -> rows.put(row.version(), row));
    Map<String, Record> stored = new HashMap<>();
    Map<String, DataFile> files = new HashMap<>();
    if (!whole) {
      for (String key : keys(next)) {
        if (!keys.contains(key)) {
          stored.put(key, base.stored().get(key));
          files.put(key, base.files().get(key));
        }
      }
    }
    for (Record record : written) {
      String key = (String) record.getField(HistoryFiles.VERSION);
      stored.put(key, record);
      files.put(key, file);
    }
    return new NamespaceHistory(
        next.namespace(), snapshotId, rows, next.lease().orElse(null), stored, files);
  }

  /** The versions (and the lease row's key) whose row differs between two states. */
  public static Set<String> changed(NamespaceHistory base, NamespaceHistory next) {
    Set<String> changed = new TreeSet<>(keys(base));
    changed.addAll(keys(next));
    changed.removeIf(key -> Objects.equals(value(base, key), value(next, key)));
    return changed;
  }

  private static HistoryRewrite whole(Set<String> keys) {
    return new HistoryRewrite(true, List.of(), keys);
  }

  /** The versions of a state's rows, and the lease row's key when it holds a lease. */
  public static Set<String> keys(NamespaceHistory state) {
    Set<String> keys = new TreeSet<>();
    state.rows().forEach(row -> keys.add(row.version()));
    state.lease().ifPresent(lease -> keys.add(HistoryFiles.LEASE_VERSION));
    return keys;
  }

  private static Object value(NamespaceHistory state, String key) {
    return HistoryFiles.LEASE_VERSION.equals(key)
        ? state.lease().orElse(null)
        : state.row(key).orElse(null);
  }
}
