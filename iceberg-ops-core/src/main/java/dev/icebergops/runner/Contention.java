package dev.icebergops.runner;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.internal.HistoryTable;
import java.util.Set;
import java.util.TreeSet;

/**
 * The end of a history write's contention budget: the shared history table kept changing under it
 * while the catalog answered every try. Says so, with how many runs on other namespaces wrote the
 * table meanwhile, instead of letting the tries run into the time bound meant for a catalog that
 * does not answer.
 */
final class Contention {

  private Contention() {}

  /**
   * The error of a write whose budget ran out.
   *
   * @param what the write, for the message: {@code record the migration history of sales}
   * @param namespace the namespace written
   * @param readAt the history table's snapshot the write's first try read, or null if none
   * @param tries how many tries the catalog refused
   */
  static ConcurrentMigrationException exhausted(
      HistoryTable history,
      RemoteCalls remote,
      String what,
      String namespace,
      Long readAt,
      int tries,
      HistoryConflictException last) {
    return new ConcurrentMigrationException(
        null,
        "Cannot "
            + what
            + ": the history table "
            + history.tableIdentifier()
            + " kept changing ("
            + otherRuns(history, remote, namespace, readAt)
            + " wrote it during this attempt; the catalog answered and refused "
            + tries
            + (tries == 1 ? " try" : " tries")
            + "); try again, or give the busiest namespaces a history table of their own"
            + " (MigrationRunner.Builder.metaNamespace)",
        last);
  }

  private static String otherRuns(
      HistoryTable history, RemoteCalls remote, String namespace, Long readAt) {
    Set<String> others;
    try {
      others =
          new TreeSet<>(
              remote.call(
                  "read the history table's snapshots",
                  () -> history.namespacesWrittenSince(readAt)));
    } catch (RuntimeException e) {
      return "runs on other namespaces";
    }
    others.remove(namespace);
    return others.size() + (others.size() == 1 ? " run" : " runs") + " on other namespaces";
  }
}
