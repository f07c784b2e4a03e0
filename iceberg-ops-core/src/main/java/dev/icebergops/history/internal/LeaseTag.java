package dev.icebergops.history.internal;

import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;

/**
 * The tag on the history table that marks who holds a namespace's run lease: every commit that
 * takes or takes over the lease moves it to the snapshot it commits, the commit that releases it
 * removes it, and nothing else changes it. A run remembers where the tag pointed when it took the
 * lease; a catalog commit that asserts the tag still points there (the REST catalog's {@code
 * assert-ref-snapshot-id}, in one multi-table commit with the change) cannot land once another run
 * has taken the lease over. Renewals and the rows of other namespaces leave the tag alone, so a
 * run's fence holds for its whole run.
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
    return Optional.ofNullable(table.refs().get(name(namespace))).map(SnapshotRef::snapshotId);
  }

  /**
   * What a write from {@code base} to {@code next} does to the namespace's tag, in the same
   * metadata commit as its snapshot: nothing while the holder stays; when another run takes the
   * lease, the tag points at the snapshot the write makes; when the write releases it, the tag is
   * removed, so that the snapshot it named can expire (a later take creates it again, at another
   * snapshot). The commit's requirements (on a REST catalog) include the tag's position in the
   * metadata it was built from.
   */
  static UnaryOperator<TableMetadata> change(NamespaceHistory base, NamespaceHistory next) {
    if (!moves(base, next)) {
      return UnaryOperator.identity();
    }
    String tag = name(next.namespace());
    if (next.lease().isEmpty()) {
      return metadata ->
          metadata.ref(tag) == null
              ? metadata
              : TableMetadata.buildFrom(metadata).removeRef(tag).build();
    }
    return metadata -> {
      long made = metadata.currentSnapshot().snapshotId();
      SnapshotRef was = metadata.ref(tag);
      SnapshotRef ref =
          was == null
              ? SnapshotRef.tagBuilder(made).build()
              : SnapshotRef.builderFrom(was, made).build();
      return TableMetadata.buildFrom(metadata).setRef(tag, ref).build();
    };
  }

  private static String holder(NamespaceHistory state) {
    return state.lease().map(RunLease::runId).orElse(null);
  }
}
