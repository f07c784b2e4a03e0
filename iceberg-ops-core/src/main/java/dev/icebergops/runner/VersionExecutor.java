package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.ResolvedMigration;
import java.time.Clock;
import java.time.Duration;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs one version's upgrade or downgrade with its hooks, and records the outcome. */
final class VersionExecutor {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationRunner.class);

  private final Catalog catalog;
  private final String namespace;
  private final MigrationHistory history;
  private final Clock clock;

  VersionExecutor(Catalog catalog, String namespace, MigrationHistory history, Clock clock) {
    this.catalog = catalog;
    this.namespace = namespace;
    this.history = history;
    this.clock = clock;
  }

  /**
   * Applies one version: pre-hook, upgrade, record, post-hook.
   *
   * @param seen the history row read at the start of the run, or null
   */
  MigrationStep upgrade(ResolvedMigration resolved, HistoryRecord seen) {
    Migration migration = resolved.migration();
    MigrationContext ctx = new MigrationContext(catalog, namespace);
    String what = "apply migration " + resolved + " to " + namespace;
    LOG.info("Applying migration {} to {}", resolved, namespace);
    long start = System.nanoTime();
    try {
      migration.preUpgrade(ctx);
    } catch (Exception e) {
      record(resolved, Status.FAILED, "preUpgrade failed: " + e, start, seen);
      throw new MigrationException(
          resolved.version(), "Cannot " + what + ": preUpgrade failed: " + e, e);
    }
    try {
      migration.upgrade(ctx);
    } catch (Exception e) {
      if (isCommitConflict(e)) {
        throw concurrentCommit(resolved, what, e);
      }
      record(resolved, Status.FAILED, e.toString(), start, seen);
      throw new MigrationException(resolved.version(), "Cannot " + what + ": " + e, e);
    }
    Duration took = record(resolved, Status.APPLIED, null, start, seen);
    LOG.info("Applied migration {} to {} in {} ms", resolved, namespace, took.toMillis());
    try {
      migration.postUpgrade(ctx);
    } catch (Exception e) {
      LOG.warn(
          "postUpgrade of migration {} in {} failed; it stays applied", resolved, namespace, e);
    }
    return new MigrationStep(resolved.version(), resolved.description(), took);
  }

  /**
   * Reverses one version: pre-hook, downgrade, record, post-hook.
   *
   * @throws IrreversibleMigrationException as thrown by the downgrade; the version stays applied
   */
  MigrationStep downgrade(ResolvedMigration resolved, HistoryRecord seen) {
    Migration migration = resolved.migration();
    MigrationContext ctx = new MigrationContext(catalog, namespace);
    String what = "roll back migration " + resolved + " in " + namespace;
    LOG.info("Rolling back migration {} in {}", resolved, namespace);
    long start = System.nanoTime();
    try {
      migration.preDowngrade(ctx);
    } catch (Exception e) {
      throw new MigrationException(
          resolved.version(),
          "Cannot " + what + ": preDowngrade failed: " + e + "; it stays applied",
          e);
    }
    try {
      migration.downgrade(ctx);
    } catch (IrreversibleMigrationException e) {
      LOG.warn("Cannot {}: it is irreversible: {}; it stays applied", what, e.getMessage());
      throw e;
    } catch (Exception e) {
      if (isCommitConflict(e)) {
        throw concurrentCommit(resolved, what, e);
      }
      throw new MigrationException(
          resolved.version(), "Cannot " + what + ": " + e + "; it stays applied", e);
    }
    Duration took = record(resolved, Status.ROLLED_BACK, null, start, seen);
    LOG.info("Rolled back migration {} in {} in {} ms", resolved, namespace, took.toMillis());
    try {
      migration.postDowngrade(ctx);
    } catch (Exception e) {
      LOG.warn(
          "postDowngrade of migration {} in {} failed; it stays rolled back",
          resolved,
          namespace,
          e);
    }
    return new MigrationStep(resolved.version(), resolved.description(), took);
  }

  /** Records a version as applied without running it. */
  MigrationStep stamp(ResolvedMigration resolved, HistoryRecord seen) {
    record(resolved, Status.APPLIED, null, System.nanoTime(), seen);
    LOG.info("Stamped migration {} in {} as applied", resolved, namespace);
    return new MigrationStep(resolved.version(), resolved.description(), Duration.ZERO);
  }

  private Duration record(
      ResolvedMigration resolved,
      Status status,
      String error,
      long startNanos,
      HistoryRecord seen) {
    Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
    history.record(
        new HistoryRecord(
            resolved.version(),
            namespace,
            resolved.description(),
            status,
            error,
            resolved.checksum(),
            clock.instant(),
            took.toMillis()),
        seen);
    return took;
  }

  private static ConcurrentMigrationException concurrentCommit(
      ResolvedMigration resolved, String what, Exception error) {
    return new ConcurrentMigrationException(
        resolved.version(),
        "Cannot "
            + what
            + ": its commit conflicted with a concurrent commit ("
            + error.getMessage()
            + "); nothing was recorded",
        error);
  }

  private static boolean isCommitConflict(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof CommitFailedException) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }
}
