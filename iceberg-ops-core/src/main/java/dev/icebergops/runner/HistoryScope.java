package dev.icebergops.runner;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.internal.HistoryTable;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a run reaches the history of its namespace through: the history table, the runner's
 * configuration (the namespace, the clock, the lease's timing, the contention budget) and the
 * time-bounded remote calls.
 */
record HistoryScope(HistoryTable history, RunnerConfig config, RemoteCalls remote) {

  /** The namespace whose history this is. */
  String namespace() {
    return config.namespace();
  }

  /** The namespace's history as stored now. */
  NamespaceHistory read() {
    return remote.call("read the history of " + namespace(), () -> history.load(namespace()));
  }

  /** Where the namespace's lease tag points now, if anywhere. */
  Optional<Long> leaseMark() {
    return remote.call(
        "read the run lease of " + namespace(), () -> history.leaseMark(namespace()));
  }

  /**
   * The end of a history write's contention budget: the shared history table kept changing under it
   * while the catalog answered every try. Says so, with how many runs on other namespaces wrote the
   * table meanwhile, instead of letting the tries run into the time bound meant for a catalog that
   * does not answer.
   *
   * @param what the write, for the message
   * @param readAt the history table's snapshot when the write first read it, or null
   * @param tries how many tries the catalog refused
   * @param last the last refusal
   */
  ConcurrentMigrationException exhausted(
      String what, Long readAt, int tries, HistoryConflictException last) {
    return new ConcurrentMigrationException(
        null,
        ("Cannot %s: the history table %s kept changing (%s wrote it during this attempt; the"
                + " catalog answered and refused %s %s); try again, or give the busiest namespaces"
                + " a history table of their own (MigrationRunner.Builder.metaNamespace)")
            .formatted(
                what,
                history.tableIdentifier(),
                otherRuns(readAt),
                tries,
                tries == 1 ? "try" : "tries"),
        last);
  }

  /** How many runs on other namespaces wrote the history table since {@code readAt}. */
  private String otherRuns(Long readAt) {
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
    others.remove(namespace());
    return others.size() + (others.size() == 1 ? " run" : " runs") + " on other namespaces";
  }
}
