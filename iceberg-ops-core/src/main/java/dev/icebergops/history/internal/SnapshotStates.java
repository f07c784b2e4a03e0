package dev.icebergops.history.internal;

import dev.icebergops.history.NamespaceHistory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The namespace states that {@link HistoryWriter#seed} wrote, shared by every {@link HistoryTable}
 * of this JVM: a snapshot never changes, so the state of one namespace at one snapshot of one table
 * (told apart by its uuid) is the same whoever reads it, and the first read of a seeded namespace
 * needs no data file. Holds the {@value #CAPACITY} states used last; states read from the table are
 * kept by each instance alone.
 */
public final class SnapshotStates {

  public static final int CAPACITY = 256;

  private record Key(UUID table, long snapshotId, String namespace) {}

  private static final Map<Key, NamespaceHistory> STATES =
      new LinkedHashMap<>(CAPACITY, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, NamespaceHistory> eldest) {
          return size() > CAPACITY;
        }
      };

  private SnapshotStates() {}

  /**
   * The state of {@code namespace} at snapshot {@code snapshotId} of table {@code table}, if known.
   */
  public static synchronized NamespaceHistory get(UUID table, long snapshotId, String namespace) {
    return STATES.get(new Key(table, snapshotId, namespace));
  }

  /** Remembers {@code state}, the state of its namespace at its snapshot of table {@code table}. */
  public static synchronized void put(UUID table, NamespaceHistory state) {
    if (state.snapshotId() != null) {
      STATES.put(new Key(table, state.snapshotId(), state.namespace()), state);
    }
  }
}
