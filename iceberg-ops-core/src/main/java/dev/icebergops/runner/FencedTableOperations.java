package dev.icebergops.runner;

import dev.icebergops.history.internal.ForwardingTableOperations;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.TableIdentifier;

/** A table's operations, its commits through the run's {@link LeaseFence}. */
final class FencedTableOperations extends ForwardingTableOperations {

  private final TableIdentifier identifier;
  private final LeaseFence fence;

  FencedTableOperations(TableIdentifier identifier, TableOperations ops, LeaseFence fence) {
    super(ops);
    this.identifier = identifier;
    this.fence = fence;
  }

  /**
   * Whether a multi-table commit changed the table since {@code delegate} last read it: read again
   * only when asked for, since a helper loads the table afresh for its next change anyway.
   */
  private volatile boolean stale;

  /** Whether it last read the changes its version holds back (see {@link VersionStage}). */
  private volatile boolean sawStaged;

  @Override
  public TableMetadata current() {
    return fence.staged(identifier) != null || sawStaged || stale ? refresh() : delegate.current();
  }

  @Override
  public TableMetadata refresh() {
    TableMetadata staged = fence.staged(identifier);
    sawStaged = staged != null;
    if (staged != null) {
      return staged;
    }
    stale = false;
    return delegate.refresh();
  }

  @Override
  public void commit(TableMetadata base, TableMetadata metadata) {
    stale = fence.commit(identifier, delegate, base, metadata);
  }
}
