package dev.icebergops.runner;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.internal.HistoryTable;
import java.util.Optional;

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

  /** The error of a write of this namespace whose contention budget ran out. */
  ConcurrentMigrationException exhausted(
      String what, Long readAt, int tries, HistoryConflictException last) {
    return Contention.exhausted(history, remote, what, namespace(), readAt, tries, last);
  }
}
