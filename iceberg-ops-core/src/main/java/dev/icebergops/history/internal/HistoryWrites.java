package dev.icebergops.history.internal;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import java.util.List;
import java.util.Map;

/**
 * The history table's write path, for the runner only (internal, not API): {@link MigrationHistory}
 * keeps its writes off its public surface and hands them to this class when it is loaded, the way
 * the JDK shares package-private access between its own packages. Every write checks that nobody
 * changed the namespace's history since {@code base} was read; only the runner's package calls
 * these, under the namespace's run lease ({@code ArchitectureTest} holds it to that).
 */
public final class HistoryWrites {

  /** The writes {@link MigrationHistory} provides. */
  public interface Access {

    /** See {@link #commit(MigrationHistory, NamespaceHistory, NamespaceHistory)}. */
    NamespaceHistory commit(MigrationHistory history, NamespaceHistory base, NamespaceHistory next);

    /** See {@link #seed(MigrationHistory, Map)}. */
    void seed(MigrationHistory history, Map<String, List<HistoryRecord>> rows);
  }

  private static volatile Access access;

  private HistoryWrites() {}

  /**
   * Called once, by {@link MigrationHistory} when its class is initialised.
   *
   * @throws IllegalStateException if the writes were installed already
   */
  public static synchronized void install(Access writes) {
    if (access != null) {
      throw new IllegalStateException("Cannot install the history writes: installed already");
    }
    access = writes;
  }

  /**
   * Stores a namespace's new state, provided nobody wrote that namespace's history since {@code
   * base} was read; creates the table on the namespace's first write.
   *
   * @param history the history table
   * @param base the state the writer read
   * @param next the state to store, derived from {@code base}
   * @return the stored state, at the snapshot this write committed
   * @throws dev.icebergops.history.HistoryConflictException if another writer changed the
   *     namespace's history since {@code base} was read; nothing was written then
   * @throws dev.icebergops.history.HistoryTableMissingException if {@code base} was read from the
   *     history table and the table no longer exists
   */
  public static NamespaceHistory commit(
      MigrationHistory history, NamespaceHistory base, NamespaceHistory next) {
    return access().commit(history, base, next);
  }

  /**
   * Records the rows of namespaces that have no history yet (not even a run's lease), all in one
   * commit.
   *
   * @param history the history table
   * @param rows each namespace's rows
   * @throws dev.icebergops.history.HistoryConflictException if one of the namespaces has history
   *     already, or another writer gave it some concurrently; nothing was written then
   */
  public static void seed(MigrationHistory history, Map<String, List<HistoryRecord>> rows) {
    access().seed(history, rows);
  }

  private static Access access() {
    Access installed = access;
    if (installed == null) {
      // a MigrationHistory exists (an argument), so its class has installed them: never reached
      throw new IllegalStateException("Cannot write history: MigrationHistory is not loaded");
    }
    return installed;
  }
}
