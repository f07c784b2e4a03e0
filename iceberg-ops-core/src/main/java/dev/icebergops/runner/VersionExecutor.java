package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.internal.CatalogMigrationContext;
import dev.icebergops.migration.internal.PropertyChanges;
import dev.icebergops.redaction.Redaction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.exceptions.CommitFailedException;

/**
 * Runs one version's upgrade or downgrade with its hooks under a run's lease, and records each
 * state: {@code running} before its first commit (written with the previous version's outcome), the
 * steps done before each later step, then its outcome. Exceptions and errors are both recorded and
 * rethrown; the migration's own error stays primary and a history failure is attached to it.
 */
record VersionExecutor(Catalog catalog, String namespace, VersionRows rows, RemoteCalls remote) {

  /** Marks a recorded step whose commit may or may not have landed. */
  static final String UNKNOWN_OUTCOME = " (outcome unknown)";

  /**
   * Runs one version: pre-hook, main step, record, post-hook. Its running row is already written;
   * {@code before} is its row before that, restored when a downgrade committed nothing.
   *
   * @param next the row to write with this version's outcome (the next version's running row), or
   *     null
   * @param release whether the outcome's write also ends the run and releases its lease (for the
   *     last version, when it has no post-hook that must still run under the lease)
   * @param uuids the run's tables, captured after the version for its outcome's row
   */
  MigrationStep run(
      Operation operation,
      ResolvedMigration resolved,
      HistoryRecord before,
      HeldLease lease,
      HistoryRecord next,
      boolean release,
      TableUuids uuids) {
    Attempt attempt = new Attempt(operation, resolved, lease);
    try {
      operation.logStart(resolved, namespace);
      if (operation == Operation.UPGRADE) {
        attempt.runUpgrade();
      } else {
        attempt.runDowngrade(before);
      }
      return attempt.finish(next, release, uuids);
    } finally {
      lease.unstage();
    }
  }

  private static String where(String step, String phase) {
    return step.equals(phase) ? phase : phase + " step '" + step + "'";
  }

  /**
   * One version's run: what it runs, under which journal and lease, the steps it completed, when it
   * started ({@link System#nanoTime}), and what it does, for messages.
   */
  private final class Attempt {
    private final Operation operation;
    private final ResolvedMigration resolved;
    private final HeldLease lease;
    private final HistoryLog journal;
    private final StepLog steps;
    private final MigrationContext ctx;
    private final long start;
    private final String what;

    /** Makes the version's context, and has the lease stage its commits. */
    Attempt(Operation operation, ResolvedMigration resolved, HeldLease lease) {
      this.operation = operation;
      this.resolved = resolved;
      this.lease = lease;
      this.journal = lease.log();
      this.steps =
          new StepLog(
              done -> lease.progress(rows.running(resolved, operation, journal.runId(), done)));
      this.ctx =
          new CatalogMigrationContext(
              lease.fenced(catalog, operation == Operation.UPGRADE ? resolved.version() : null),
              namespace,
              steps,
              resolved.version());
      lease.stage(() -> rows.running(resolved, operation, journal.runId(), steps.done()));
      this.start = System.nanoTime();
      this.what = operation.what(resolved, namespace);
    }

    void runUpgrade() {
      upgradePhase("preUpgrade", () -> resolved.migration().preUpgrade(ctx));
      upgradePhase("upgrade", () -> resolved.migration().upgrade(ctx));
    }

    private void upgradePhase(String phase, RemoteCalls.Body body) {
      try {
        remote.runSteps(steps, body);
      } catch (Exception | Error e) {
        throw failed(phase, e);
      }
    }

    void runDowngrade(HistoryRecord before) {
      try {
        remote.runSteps(steps, () -> resolved.migration().preDowngrade(ctx));
      } catch (Exception | Error e) {
        throw unchanged(
            before, "preDowngrade", "preDowngrade failed: " + e + "; it stays as it was", e);
      }
      try {
        PropertyChanges.refuseToLowerFormatVersion(before.steps());
        remote.runSteps(steps, () -> resolved.migration().downgrade(ctx));
      } catch (IrreversibleMigrationException e) {
        throw unchanged(
            before,
            "downgrade",
            "it is irreversible: " + e.getMessage() + "; it stays as it was",
            e);
      } catch (Exception | Error e) {
        if (steps.done().isEmpty() && !StepFailures.isUnknownOutcome(e)) {
          String step = steps.current() != null ? steps.current() : "downgrade";
          throw unchanged(
              before,
              step,
              step + " failed: " + e + "; nothing was committed and it stays as it was",
              e);
        }
        throw failed("downgrade", e);
      }
    }

    /**
     * Writes a version's row back as it was before its downgrade started, and returns the error
     * saying it stays as it was: {@code Cannot <what>: <reason>}.
     */
    private RuntimeException unchanged(
        HistoryRecord before, String step, String reason, Throwable error) {
      lease.unstage(); // what a failed downgrade held back is not committed
      try {
        journal.write(List.of(before));
      } catch (RuntimeException | Error historyFailure) {
        error.addSuppressed(historyFailure);
      }
      return StepFailures.rethrowable(
          error,
          new MigrationException(
              resolved.version(), namespace, step, "Cannot " + what + ": " + reason, error));
    }

    /** Records the outcome (with the next version's running row), then runs the post-hook. */
    MigrationStep finish(HistoryRecord next, boolean release, TableUuids uuids) {
      Duration took = elapsed();
      List<HistoryRecord> written = new ArrayList<>();
      written.add(
          rows.row(
              resolved,
              operation.recordedWhenDone(resolved),
              journal.runId(),
              operation.outcome(),
              steps.done(),
              null,
              took.toMillis(),
              uuids.afterVersion(lease.stage(), lease.touched())));
      if (next != null) {
        written.add(next);
      }
      record(written, release);
      LOG.info(
          "{} migration {} {} {} in {} ms",
          operation == Operation.UPGRADE ? "Applied" : "Rolled back",
          resolved,
          operation.preposition(),
          namespace,
          took.toMillis());
      try {
        operation.runPostHook(resolved.migration(), ctx);
      } catch (Exception e) {
        LOG.warn(
            "{} of migration {} in {} failed; it stays {}: {}",
            operation.postHook(),
            resolved,
            namespace,
            operation.done(),
            Redaction.scrub(e.toString(), Map.of()));
      }
      return new MigrationStep(
          resolved.version(), resolved.description(), took, resolved.isBaseline());
    }

    /**
     * Records a version as failed with the steps it completed, and returns the error to throw: the
     * migration's own error (an {@link Error} is rethrown as it is), with a history failure
     * attached.
     */
    private RuntimeException failed(String phase, Throwable error) {
      String step = steps.current() != null ? steps.current() : phase;
      List<String> committed = new ArrayList<>(steps.done());
      if (steps.current() != null && StepFailures.isUnknownOutcome(error)) {
        // the step's commit may have reached the catalog although no answer said so: rollback must
        // run the downgrade rather than take the version for one that committed nothing
        committed.add(steps.current() + UNKNOWN_OUTCOME);
      }
      String describeCommitted = committed.isEmpty() ? "none" : String.join("; ", committed);
      String reason =
          Redaction.scrub(
              error instanceof RemoteCalls.StepTimeoutException
                  ? error.getMessage()
                  : error.toString(),
              Map.of()); // the history's error, the exception and the log show no signed URL
      String text = where(step, phase) + " failed: " + reason;
      RuntimeException thrown = stepError(step, where(step, phase), text, describeCommitted, error);
      recordFailed(committed, text, thrown);
      return StepFailures.rethrowable(error, thrown);
    }

    /**
     * The exception for a failed step: the fence's refusal or a concurrent commit as a {@link
     * ConcurrentMigrationException}, anything else as a {@link MigrationException} naming the step.
     *
     * @param where the phase, and the step within it: {@code upgrade step 'add column'}
     * @param text what failed and why: {@code upgrade step 'add column' failed: ...}
     */
    private RuntimeException stepError(
        String step, String where, String text, String describeCommitted, Throwable error) {
      LeaseFence.RefusedByFenceException refused =
          StepFailures.cause(error, LeaseFence.RefusedByFenceException.class);
      if (refused != null) {
        return new ConcurrentMigrationException(
            resolved.version(),
            "Cannot %s: %s was refused: %s; committed before it: %s"
                .formatted(what, where, refused.getMessage(), describeCommitted),
            error);
      }
      if (StepFailures.cause(error, CommitFailedException.class) != null) {
        return new ConcurrentMigrationException(
            resolved.version(),
            "Cannot %s: %s (a concurrent commit to the table); committed before the failure: %s"
                .formatted(what, text, describeCommitted),
            error);
      }
      return new MigrationException(
          resolved.version(),
          namespace,
          step,
          "Cannot %s: %s; committed before the failure: %s"
              .formatted(what, text, describeCommitted),
          error);
    }

    /** Records the version failed; a failure to record it is attached to {@code thrown}. */
    private void recordFailed(List<String> committed, String text, RuntimeException thrown) {
      HistoryRecord row =
          rows.row(
              resolved,
              operation.recordedFor(resolved),
              journal.runId(),
              Status.FAILED,
              committed,
              text,
              elapsed().toMillis(),
              Map.of());
      try {
        lease.write(List.of(row), false);
      } catch (RuntimeException | Error historyFailure) {
        thrown.addSuppressed(notRecorded("failed", historyFailure.getMessage(), historyFailure));
      }
      LOG.error("{}", thrown.getMessage());
    }

    private void record(List<HistoryRecord> written, boolean release) {
      try {
        lease.write(written, release);
        lease.unstage(); // the post-hook's commits go out one at a time
      } catch (RuntimeException e) {
        VersionStage stage = lease.stage();
        boolean carried = stage != null && stage.holdsChanges();
        if (carried && StepFailures.isRefusal(e)) {
          throw notApplied(e);
        }
        throw notRecorded(
            operation.done(),
            e.getMessage()
                + "; "
                + journal.unrecorded(
                    resolved.version(),
                    steps.describeDone(),
                    carried,
                    StepFailures.isUnknownOutcome(e)),
            e);
      }
    }

    /**
     * The version's one commit (its changes with its row) was refused: nothing of it landed.
     * Records it failed with no step done, and returns {@code Cannot <what>: <reason>; nothing of
     * it was committed}, a {@link ConcurrentMigrationException} when the run lost its lease.
     */
    private MigrationException notApplied(RuntimeException e) {
      lease.unstage();
      String text = "its commit was refused: " + Redaction.scrub(e.getMessage(), Map.of());
      String message = "Cannot " + what + ": " + text + "; nothing of it was committed";
      MigrationException thrown =
          StepFailures.cause(e, ConcurrentMigrationException.class) != null
              ? new ConcurrentMigrationException(resolved.version(), message, e)
              : new MigrationException(resolved.version(), namespace, "record", message, e);
      recordFailed(List.of(), text, thrown);
      return thrown;
    }

    /** {@code Cannot record migration <version> of <namespace> as <as>: <reason>}. */
    private MigrationException notRecorded(String as, String reason, Throwable cause) {
      return new MigrationException(
          resolved.version(),
          namespace,
          "record",
          "Cannot record migration %s of %s as %s: %s".formatted(resolved, namespace, as, reason),
          cause);
    }

    private Duration elapsed() {
      return Duration.ofNanos(System.nanoTime() - start);
    }
  }
}
