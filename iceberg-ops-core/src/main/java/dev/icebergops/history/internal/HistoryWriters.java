package dev.icebergops.history.internal;

import dev.icebergops.history.HistoryConflictException;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.relocated.com.google.common.collect.Iterables;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * Which namespaces wrote the history table after a snapshot: what a run that lost its commits to
 * other writers reports. Each history commit names its namespace in its snapshot summary; a
 * snapshot without that name (another engine, an older release) is attributed by the partitions of
 * the files it added. Also the one error of a history write that another writer got in before.
 */
public final class HistoryWriters {

  /** The snapshot summary property that names the namespace a history commit wrote. */
  public static final String SUMMARY_NAMESPACE = "iceberg-ops.namespace";

  /** Stops the walk on a table whose history is longer than any one attempt could have seen. */
  private static final int MAX_SNAPSHOTS = 10_000;

  private HistoryWriters() {}

  /** {@code Cannot <action>: another writer <what it did> (<the commit's error>)}. */
  static HistoryConflictException conflict(String action, String what, Exception e) {
    return new HistoryConflictException(
        "Cannot " + action + ": another writer " + what + " (" + e.getMessage() + ")", e);
  }

  /**
   * The namespaces written by the snapshots after {@code snapshotId}, up to the current one.
   *
   * @param snapshotId the snapshot to start after, or null for every snapshot
   */
  public static Set<String> since(Table table, Long snapshotId) {
    Set<String> namespaces = new TreeSet<>();
    for (Snapshot snapshot : Iterables.limit(SnapshotUtil.currentAncestors(table), MAX_SNAPSHOTS)) {
      if (snapshotId != null && snapshot.snapshotId() == snapshotId) {
        break;
      }
      String named = snapshot.summary().get(SUMMARY_NAMESPACE);
      if (named != null) {
        namespaces.add(named);
      } else {
        namespaces.addAll(addedTo(table, snapshot));
      }
    }
    return namespaces;
  }

  private static Set<String> addedTo(Table table, Snapshot snapshot) {
    Set<String> namespaces = new TreeSet<>();
    try {
      for (DataFile file : snapshot.addedDataFiles(table.io())) {
        Object value = namespaceOf(table, file);
        if (value != null) {
          namespaces.add(value.toString());
        }
      }
    } catch (NotFoundException e) {
      // its manifests were removed: it tells nothing more
    }
    return namespaces;
  }

  private static Object namespaceOf(Table table, DataFile file) {
    var spec = table.specs().get(file.specId());
    if (spec == null) {
      return null;
    }
    var fields = spec.fields();
    for (int i = 0; i < fields.size(); i++) {
      PartitionField field = fields.get(i);
      if (field.transform().isIdentity()
          && HistoryFiles.NAMESPACE.equals(table.schema().findColumnName(field.sourceId()))) {
        return file.partition().get(i, Object.class);
      }
    }
    return null;
  }
}
