package dev.icebergops.runner;

import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.encryption.EncryptionManager;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;

/** A table's operations, its commits through the run's {@link LeaseFence}. */
final class FencedTableOperations implements TableOperations {

  private final TableIdentifier identifier;
  private final TableOperations ops;
  private final LeaseFence fence;

  FencedTableOperations(TableIdentifier identifier, TableOperations ops, LeaseFence fence) {
    this.identifier = identifier;
    this.ops = ops;
    this.fence = fence;
  }

  /**
   * Whether a multi-table commit changed the table since {@code ops} last read it: read again only
   * when asked for, since a helper loads the table afresh for its next change anyway.
   */
  private volatile boolean stale;

  /** Whether it last read the changes its version holds back (see {@link VersionStage}). */
  private volatile boolean sawStaged;

  @Override
  public TableMetadata current() {
    TableMetadata staged = fence.staged(identifier);
    if (staged != null || sawStaged) {
      return refresh();
    }
    return stale ? refresh() : ops.current();
  }

  @Override
  public TableMetadata refresh() {
    TableMetadata staged = fence.staged(identifier);
    sawStaged = staged != null;
    if (staged != null) {
      return staged;
    }
    stale = false;
    return ops.refresh();
  }

  @Override
  public void commit(TableMetadata base, TableMetadata metadata) {
    stale = fence.commit(identifier, ops, base, metadata);
  }

  @Override
  public FileIO io() {
    return ops.io();
  }

  @Override
  public EncryptionManager encryption() {
    return ops.encryption();
  }

  @Override
  public String metadataFileLocation(String fileName) {
    return ops.metadataFileLocation(fileName);
  }

  @Override
  public LocationProvider locationProvider() {
    return ops.locationProvider();
  }

  @Override
  public TableOperations temp(TableMetadata uncommittedMetadata) {
    return ops.temp(uncommittedMetadata);
  }

  @Override
  public long newSnapshotId() {
    return ops.newSnapshotId();
  }

  @Override
  public boolean requireStrictCleanup() {
    return ops.requireStrictCleanup();
  }
}
