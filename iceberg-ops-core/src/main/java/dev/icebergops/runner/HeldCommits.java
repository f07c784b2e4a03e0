package dev.icebergops.runner;

import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.TableIdentifier;

/** Table commits a {@link LeaseFence} holds back for one version (see {@link VersionStage}). */
interface HeldCommits {

  /**
   * Holds a table's commit back.
   *
   * @return false when it no longer holds commits back: the caller commits it
   * @throws org.apache.iceberg.exceptions.CommitFailedException if {@code base} is not the table's
   *     metadata with what is held
   */
  boolean hold(TableIdentifier table, TableOperations ops, TableMetadata base, TableMetadata next);

  /** The table's metadata with the commits held back for it, or null when none is. */
  TableMetadata current(TableIdentifier table);

  /** Stops holding commits back, before a change that cannot be held: what it holds lands. */
  void release();
}
