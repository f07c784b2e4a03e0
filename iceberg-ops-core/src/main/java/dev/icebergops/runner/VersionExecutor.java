package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.Migration;
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

/**
 * Runs one version's upgrade or downgrade with its hooks under a run's lease, and records each
 * state: {@code running} before its first commit (written with the previous version's outcome), the
 * steps done before each later step, then its outcome. Exceptions and errors are both recorded and
 * rethrown; the migration's own error stays primary and a history failure is attached to it.
 */
final class VersionExecutor {

  /** Marks a recorded step whose commit may or may not have landed. */
  static final String UNKNOWN_OUTCOME = " (outcome unknown)";

  private final Catalog catalog;
  private final String namespace;
  private final VersionRows rows;
  private final RemoteCalls remote;

  VersionExecutor(RunnerConfig config, RemoteCalls remote) {
    this.catalog = config.catalog();
    this.namespace = config.namespace();
    this.rows = new VersionRows(namespace, config.clock());
    this.remote = remote;
  }

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
    Migration migration = resolved.migration();
    HistoryLog journal = lease.log();
    StepLog steps =
        new StepLog(done -> lease.progress(running(resolved, operation, journal, done)));
    MigrationContext ctx =
        new CatalogMigrationContext(
            lease.fenced(catalog, operation == Operation.UPGRADE ? resolved.version() : null),
            namespace,
            steps,
            resolved.version());
    lease.stage(() -> running(resolved, operation, journal, steps.done()));
    Attempt attempt =
        new Attempt(
            resolved,
            operation,
            lease,
            steps,
            System.nanoTime(),
            operation.what(resolved, namespace));
    try {
      operation.logStart(resolved, namespace);
      if (operation == Operation.UPGRADE) {
        runUpgrade(attempt, migration, ctx);
      } else {
        runDowngrade(attempt, migration, ctx, before);
      }
      return finish(attempt, migration, ctx, next, release, uuids);
    } finally {
      lease.unstage();
    }
  }

  private void runUpgrade(Attempt attempt, Migration migration, MigrationContext ctx) {
    Operation operation = attempt.operation();
    try {
      remote.runSteps(attempt.steps(), () -> operation.runPreHook(migration, ctx));
    } catch (Exception | Error e) {
      throw failed(attempt, operation.preHook(), e);
    }
    try {
      remote.runSteps(attempt.steps(), () -> operation.run(migration, ctx));
    } catch (Exception | Error e) {
      throw failed(attempt, operation.recorded(), e);
    }
  }

  private void runDowngrade(
      Attempt attempt, Migration migration, MigrationContext ctx, HistoryRecord before) {
    StepLog steps = attempt.steps();
    try {
      remote.runSteps(steps, () -> migration.preDowngrade(ctx));
    } catch (Exception | Error e) {
      throw unchanged(
          attempt, before, "preDowngrade", "preDowngrade failed: " + e + "; it stays as it was", e);
    }
    try {
      PropertyChanges.refuseToLowerFormatVersion(before.steps());
      remote.runSteps(steps, () -> migration.downgrade(ctx));
    } catch (IrreversibleMigrationException e) {
      throw unchanged(
          attempt,
          before,
          "downgrade",
          "it is irreversible: " + e.getMessage() + "; it stays as it was",
          e);
    } catch (Exception | Error e) {
      if (steps.done().isEmpty() && !StepFailures.isUnknownOutcome(e)) {
        String step = steps.current() != null ? steps.current() : "downgrade";
        throw unchanged(
            attempt,
            before,
            step,
            step + " failed: " + e + "; nothing was committed and it stays as it was",
            e);
      }
      throw failed(attempt, "downgrade", e);
    }
  }

  /**
   * Writes a version's row back as it was before its downgrade started, and returns the error
   * saying it stays as it was: {@code Cannot <what>: <reason>}.
   */
  private RuntimeException unchanged(
      Attempt attempt, HistoryRecord before, String step, String reason, Throwable error) {
    attempt.lease().unstage(); // what a failed downgrade held back is not committed
    try {
      attempt.journal().write(List.of(before));
    } catch (RuntimeException | Error historyFailure) {
      error.addSuppressed(historyFailure);
    }
    return StepFailures.rethrowable(
        error,
        new MigrationException(
            attempt.resolved().version(),
            namespace,
            step,
            "Cannot " + attempt.what() + ": " + reason,
            error));
  }

  /** Records the outcome (with the next version's running row), then runs the post-hook. */
  private MigrationStep finish(
      Attempt attempt,
      Migration migration,
      MigrationContext ctx,
      HistoryRecord next,
      boolean release,
      TableUuids uuids) {
    ResolvedMigration resolved = attempt.resolved();
    Operation operation = attempt.operation();
    Duration took = elapsed(attempt.start());
    List<HistoryRecord> written = new ArrayList<>();
    written.add(
        rows.row(
            resolved,
            operation.recordedWhenDone(resolved),
            attempt.journal().runId(),
            operation.outcome(),
            attempt.steps().done(),
            null,
            took.toMillis(),
            uuids.afterVersion(attempt.lease().stage())));
    if (next != null) {
      written.add(next);
    }
    record(attempt, written, release);
    LOG.info(
        "{} migration {} {} {} in {} ms",
        operation == Operation.UPGRADE ? "Applied" : "Rolled back",
        resolved,
        operation.preposition(),
        namespace,
        took.toMillis());
    try {
      operation.runPostHook(migration, ctx);
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

  private HistoryRecord running(
      ResolvedMigration resolved, Operation operation, HistoryLog journal, List<String> done) {
    return rows.row(
        resolved, operation.recordedFor(resolved), journal.runId(), Status.RUNNING, done, null, 0L);
  }

  /**
   * Records a version as failed with the steps it completed, and returns the error to throw: the
   * migration's own error (an {@link Error} is rethrown as it is), with a history failure attached.
   */
  private RuntimeException failed(Attempt attempt, String phase, Throwable error) {
    ResolvedMigration resolved = attempt.resolved();
    StepLog steps = attempt.steps();
    String what = attempt.what();
    String step = steps.current() != null ? steps.current() : phase;
    List<String> committed = steps.done();
    String describeCommitted = steps.describeDone();
    if (steps.current() != null && StepFailures.isUnknownOutcome(error)) {
      // the step's commit may have reached the catalog although no answer said so: rollback must
      // run the downgrade rather than take the version for one that committed nothing
      committed = new ArrayList<>(committed);
      committed.add(steps.current() + UNKNOWN_OUTCOME);
      describeCommitted = String.join("; ", committed);
    }
    String reason =
        Redaction.scrub(
            error instanceof RemoteCalls.StepTimeoutException
                ? error.getMessage()
                : error.toString(),
            Map.of()); // the history's error, the exception and the log show no signed URL
    String text = where(step, phase) + " failed: " + reason;
    RuntimeException thrown =
        StepFailures.error(
            resolved, namespace, what, step, where(step, phase), text, describeCommitted, error);
    recordFailed(attempt, committed, text, thrown);
    return StepFailures.rethrowable(error, thrown);
  }

  /** Records the version failed; a failure to record it is attached to {@code thrown}. */
  private void recordFailed(
      Attempt attempt, List<String> committed, String text, RuntimeException thrown) {
    ResolvedMigration resolved = attempt.resolved();
    HistoryRecord row =
        rows.row(
            resolved,
            attempt.operation().recordedFor(resolved),
            attempt.journal().runId(),
            Status.FAILED,
            committed,
            text,
            elapsed(attempt.start()).toMillis());
    try {
      attempt.lease().write(List.of(row), false);
    } catch (RuntimeException | Error historyFailure) {
      thrown.addSuppressed(
          notRecorded(resolved, "failed", historyFailure.getMessage(), historyFailure));
    }
    LOG.error("{}", thrown.getMessage());
  }

  private static String where(String step, String phase) {
    return step.equals(phase) ? phase : phase + " step '" + step + "'";
  }

  private void record(Attempt attempt, List<HistoryRecord> rows, boolean release) {
    ResolvedMigration resolved = attempt.resolved();
    try {
      attempt.lease().write(rows, release);
      attempt.lease().unstage(); // the post-hook's commits go out one at a time
    } catch (RuntimeException e) {
      VersionStage stage = attempt.lease().stage();
      boolean carried = stage != null && stage.holdsChanges();
      if (carried && StepFailures.isRefusal(e)) {
        throw notApplied(attempt, e);
      }
      throw notRecorded(
          resolved,
          attempt.operation().done(),
          e.getMessage()
              + "; "
              + attempt
                  .journal()
                  .unrecorded(
                      resolved.version(),
                      attempt.steps().describeDone(),
                      carried,
                      StepFailures.isUnknownOutcome(e)),
          e);
    }
  }

  /**
   * The version's one commit (its changes with its row) was refused: nothing of it landed. Records
   * it failed with no step done, and returns {@code Cannot <what>: <reason>; nothing of it was
   * committed}, a {@link ConcurrentMigrationException} when the run lost its lease.
   */
  private MigrationException notApplied(Attempt attempt, RuntimeException e) {
    attempt.lease().unstage();
    String text = "its commit was refused: " + Redaction.scrub(e.getMessage(), Map.of());
    String message = "Cannot " + attempt.what() + ": " + text + "; nothing of it was committed";
    String version = attempt.resolved().version();
    MigrationException thrown =
        StepFailures.cause(e, ConcurrentMigrationException.class) != null
            ? new ConcurrentMigrationException(version, message, e)
            : new MigrationException(version, namespace, "record", message, e);
    recordFailed(attempt, List.of(), text, thrown);
    return thrown;
  }

  /** {@code Cannot record migration <version> of <namespace> as <as>: <reason>}. */
  private MigrationException notRecorded(
      ResolvedMigration resolved, String as, String reason, Throwable cause) {
    return new MigrationException(
        resolved.version(),
        namespace,
        "record",
        "Cannot record migration " + resolved + " of " + namespace + " as " + as + ": " + reason,
        cause);
  }

  /**
   * One version's run: what it runs, under which journal, the steps it completed, when it started
   * ({@link System#nanoTime}), and what it does, for messages.
   */
  private record Attempt(
      ResolvedMigration resolved,
      Operation operation,
      HeldLease lease,
      StepLog steps,
      long start,
      String what) {
    HistoryLog journal() {
      return lease.log();
    }
  }

  private static Duration elapsed(long startNanos) {
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }
}
