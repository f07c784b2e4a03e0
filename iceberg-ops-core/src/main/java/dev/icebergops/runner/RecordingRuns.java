package dev.icebergops.runner;

import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runs of one namespace that only record, under its run lease, and run no migration: repair,
 * forgetting the history, and releasing the lease by hand.
 */
final class RecordingRuns {

  private static final Logger LOG =
      LoggerFactory.getLogger("dev.icebergops.runner.MigrationRunner");

  private final NamespaceView view;
  private final HistoryScope scope;

  RecordingRuns(NamespaceView view, HistoryScope scope) {
    this.view = view;
    this.scope = scope;
  }

  private String namespace() {
    return scope.namespace();
  }

  /** Accepts edited checksums, marks failed and interrupted versions pending, drops bad rows. */
  RepairResult repair() {
    try (HeldLease lease = LeaseTaking.open(scope, "repair " + namespace())) {
      HistoryLog journal = lease.log();
      NamespaceState state = view.state(journal.state());
      RepairPlan plan = RepairPlan.of(state, scope.config().clock().instant(), journal.runId());
      journal.finish(plan.rows());
      plan.changes()
          .forEach(
              c ->
                  LOG.info(
                      "Repaired migration {} in {}: {}", c.version(), namespace(), c.change()));
      return new RepairResult(namespace(), plan.changes());
    }
  }

  /** Deletes every history row of the namespace under its lease; returns how many. */
  int forget() {
    NamespaceHistory read = view.readHistory();
    if (read.rows().isEmpty() && read.lease().isEmpty()) {
      return 0;
    }
    try (HeldLease lease = LeaseTaking.open(scope, "forget the history of " + namespace())) {
      HistoryLog journal = lease.log();
      int deleted = journal.state().rows().size();
      journal.forgetAndFinish();
      LOG.info("Deleted the {} history rows of namespace {}", deleted, namespace());
      return deleted;
    }
  }

  /** Releases the namespace's lease whoever holds it; empty when none was held. */
  Optional<RunLease> releaseLease() {
    return LeaseTaking.releaseByHand(scope);
  }
}
