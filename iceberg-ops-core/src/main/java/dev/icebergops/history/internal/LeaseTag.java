package dev.icebergops.history.internal;

import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import java.util.Objects;
import java.util.Optional;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;

/**
 * The tag on the history table that marks who holds a namespace's run lease: every commit that
 * takes, takes over or releases the lease moves it to the snapshot it commits, and nothing else
 * moves it. A run remembers where the tag pointed when it took the lease; a catalog commit that
 * asserts the tag still points there (the REST catalog's {@code assert-ref-snapshot-id}, in one
 * multi-table commit with the change) cannot land once another run has taken the lease over.
 * Renewals and the rows of other namespaces leave the tag alone, so a run's fence holds for its
 * whole run.
 */
public final class LeaseTag {

  private static final String PREFIX = "iceberg-ops-lease-";

  private LeaseTag() {}

  /** The tag's name for a namespace: {@code iceberg-ops-lease-sales}. */
  public static String name(String namespace) {
    return PREFIX + namespace;
  }

  /** Whether a write from {@code base} to {@code next} changes the lease's holder. */
  public static boolean moves(NamespaceHistory base, NamespaceHistory next) {
    return !Objects.equals(holder(base), holder(next));
  }

  /** The snapshot the tag points at in the table as loaded, if the tag exists. */
  public static Optional<Long> mark(Table table, String namespace) {
    SnapshotRef ref = table.refs().get(name(namespace));
    return ref == null ? Optional.empty() : Optional.of(ref.snapshotId());
  }

  /**
   * Points the tag at the snapshot the transaction has staged, in the same transaction: the lease
   * row and the tag land in one metadata commit.
   */
  public static void moveTo(Transaction transaction, String namespace) {
    String tag = name(namespace);
    long staged = transaction.table().currentSnapshot().snapshotId();
    if (transaction.table().refs().containsKey(tag)) {
      transaction.manageSnapshots().replaceTag(tag, staged).commit();
    } else {
      transaction.manageSnapshots().createTag(tag, staged).commit();
    }
  }

  private static String holder(NamespaceHistory state) {
    return state.lease().map(RunLease::runId).orElse(null);
  }
}
