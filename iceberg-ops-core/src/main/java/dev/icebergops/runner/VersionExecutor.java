package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.internal.CatalogMigrationContext;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one version's upgrade or downgrade with its hooks under a run's lease, and records each
 * state: {@code running} before its first commit (written with the previous version's outcome), the
 * steps done before each later step, then its outcome. Exceptions and errors are both recorded and
 * rethrown; the migration's own error stays primary and a history failure is attached to it.
 */
final class VersionExecutor {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationRunner.class);

  /** Marks a recorded step whose commit may or may not have landed. */
  static final String UNKNOWN_OUTCOME = " (outcome unknown)";

  private final Catalog catalog;
  private final String namespace;
  private final Clock clock;
  private final RemoteCalls remote;

  VersionExecutor(Catalog catalog, String namespace, Clock clock, RemoteCalls remote) {
    this.catalog = catalog;
    this.namespace = namespace;
    this.clock = clock;
    this.remote = remote;
  }

  /** The row saying a version's upgrade or downgrade has started. */
  HistoryRecord running(ResolvedMigration resolved, Operation operation, String runId) {
    return new RowOf(resolved, operation.recordedFor(resolved), runId).with(Status.RUNNING);
  }

  /**
   * Runs one version: pre-hook, main step, record, post-hook. Its running row is already written;
   * {@code before} is its row before that, restored when a downgrade committed nothing.
   *
   * @param next the row to write with this version's outcome (the next version's running row), or
   *     null
   * @param release whether the outcome's write also ends the run and releases its lease (for the
   *     last version, when it has no post-hook that must still run under the lease)
   */
  MigrationStep run(
      Operation operation,
      ResolvedMigration resolved,
      HistoryRecord before,
      RunJournal journal,
      HistoryRecord next,
      boolean release) {
    Migration migration = resolved.migration();
    StepLog steps = progress(resolved, operation, journal);
    MigrationContext ctx = new CatalogMigrationContext(journal.fenced(catalog), namespace, steps);
    Attempt attempt =
        new Attempt(
            resolved,
            operation,
            journal,
            steps,
            System.nanoTime(),
            operation.what(resolved, namespace));
    logStart(attempt);
    if (operation == Operation.UPGRADE) {
      runUpgrade(attempt, migration, ctx);
    } else {
      runDowngrade(attempt, migration, ctx, before);
    }
    return finish(attempt, migration, ctx, next, release);
  }

  private void logStart(Attempt attempt) {
    ResolvedMigration resolved = attempt.resolved();
    if (attempt.operation() == Operation.DOWNGRADE) {
      LOG.info("Rolling back migration {} in {}", resolved, namespace);
    } else if (resolved.isBaseline()) {
      LOG.info(
          "Applying baseline {} to {}: it builds version {} directly, without the versions below it",
          resolved,
          namespace,
          resolved.version());
    } else {
      LOG.info("Applying migration {} to {}", resolved, namespace);
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
      throw failed(attempt, operation.step(), e);
    }
  }

  private void runDowngrade(
      Attempt attempt, Migration migration, MigrationContext ctx, HistoryRecord before) {
    StepLog steps = attempt.steps();
    String what = attempt.what();
    try {
      remote.runSteps(steps, () -> migration.preDowngrade(ctx));
    } catch (Exception | Error e) {
      restore(before, attempt.journal(), e);
      throw rethrowable(
          e,
          stopped(
              attempt.resolved(),
              "preDowngrade",
              "Cannot " + what + ": preDowngrade failed: " + e + "; it stays as it was",
              e));
    }
    try {
      remote.runSteps(steps, () -> migration.downgrade(ctx));
    } catch (IrreversibleMigrationException e) {
      restore(before, attempt.journal(), e);
      throw stopped(
          attempt.resolved(),
          "downgrade",
          "Cannot " + what + ": it is irreversible: " + e.getMessage() + "; it stays as it was",
          e);
    } catch (Exception | Error e) {
      if (steps.done().isEmpty() && !isUnknownOutcome(e)) {
        restore(before, attempt.journal(), e);
        String step = steps.current() != null ? steps.current() : "downgrade";
        throw rethrowable(
            e,
            stopped(
                attempt.resolved(),
                step,
                "Cannot "
                    + what
                    + ": "
                    + step
                    + " failed: "
                    + e
                    + "; nothing was committed and it"
                    + " stays as it was",
                e));
      }
      throw failed(attempt, "downgrade", e);
    }
  }

  /** Records the outcome (with the next version's running row), then runs the post-hook. */
  private MigrationStep finish(
      Attempt attempt,
      Migration migration,
      MigrationContext ctx,
      HistoryRecord next,
      boolean release) {
    ResolvedMigration resolved = attempt.resolved();
    Operation operation = attempt.operation();
    Duration took = elapsed(attempt.start());
    List<HistoryRecord> rows = new ArrayList<>();
    rows.add(
        new RowOf(resolved, operation.recordedWhenDone(resolved), attempt.journal().runId())
            .with(operation.outcome(), attempt.steps().done(), null, took.toMillis()));
    if (next != null) {
      rows.add(next);
    }
    record(attempt, rows, release);
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
          e.toString());
    }
    return new MigrationStep(
        resolved.version(), resolved.description(), took, resolved.isBaseline());
  }

  /** The row recording a version as applied without running it. */
  HistoryRecord stamped(ResolvedMigration resolved, String runId) {
    return new RowOf(resolved, Operation.STAMP.recorded(), runId).with(Status.APPLIED);
  }

  /** The row recording a failed version as rolled back although nothing of it was committed. */
  HistoryRecord nothingToUndo(ResolvedMigration resolved, HistoryRecord failed, String runId) {
    return new HistoryRecord(
        resolved.version(),
        namespace,
        resolved.description(),
        Status.ROLLED_BACK,
        null,
        failed.checksum(),
        clock.instant(),
        0L,
        "downgrade",
        List.of(),
        runId);
  }

  private StepLog progress(ResolvedMigration resolved, Operation operation, RunJournal journal) {
    RowOf running = new RowOf(resolved, operation.recordedFor(resolved), journal.runId());
    return new StepLog(
        done -> journal.write(List.of(running.with(Status.RUNNING, done, null, 0L))));
  }

  /**
   * Records a version as failed with the steps it completed, and returns the error to throw: the
   * migration's own error (an {@link Error} is rethrown as it is), with a history failure attached.
   */
  private RuntimeException failed(Attempt attempt, String phase, Throwable error) {
    ResolvedMigration resolved = attempt.resolved();
    RunJournal journal = attempt.journal();
    StepLog steps = attempt.steps();
    String what = attempt.what();
    String step = steps.current() != null ? steps.current() : phase;
    List<String> committed = steps.done();
    String describeCommitted = steps.describeDone();
    if (steps.current() != null && isUnknownOutcome(error)) {
      // the step's commit may have reached the catalog although no answer said so: rollback must
      // run the downgrade rather than take the version for one that committed nothing
      committed = new ArrayList<>(committed);
      committed.add(steps.current() + UNKNOWN_OUTCOME);
      describeCommitted = String.join("; ", committed);
    }
    String reason =
        error instanceof RemoteCalls.StepTimeoutException ? error.getMessage() : error.toString();
    String text =
        (step.equals(phase) ? phase : phase + " step '" + step + "'") + " failed: " + reason;
    RuntimeException thrown =
        refusedByFence(error) != null
            ? new ConcurrentMigrationException(
                resolved.version(),
                "Cannot "
                    + what
                    + ": "
                    + (step.equals(phase) ? phase : phase + " step '" + step + "'")
                    + " was refused: "
                    + refusedByFence(error).getMessage()
                    + "; committed before it: "
                    + describeCommitted,
                error)
            : isCommitConflict(error)
                ? new ConcurrentMigrationException(
                    resolved.version(),
                    "Cannot "
                        + what
                        + ": "
                        + text
                        + " (a concurrent commit to the table); committed before the failure: "
                        + describeCommitted,
                    error)
                : stopped(
                    resolved,
                    step,
                    "Cannot "
                        + what
                        + ": "
                        + text
                        + "; committed before the failure: "
                        + describeCommitted,
                    error);
    HistoryRecord row =
        new RowOf(resolved, attempt.operation().recordedFor(resolved), journal.runId())
            .with(Status.FAILED, committed, text, elapsed(attempt.start()).toMillis());
    try {
      journal.write(List.of(row));
    } catch (RuntimeException | Error historyFailure) {
      thrown.addSuppressed(
          new MigrationException(
              resolved.version(),
              namespace,
              "record",
              "Cannot record migration "
                  + resolved
                  + " of "
                  + namespace
                  + " as failed: "
                  + historyFailure.getMessage(),
              historyFailure));
    }
    LOG.error("{}", thrown.getMessage());
    return rethrowable(error, thrown);
  }

  /** Writes a version's row back as it was before its downgrade started. */
  private static void restore(HistoryRecord before, RunJournal journal, Throwable error) {
    try {
      journal.write(List.of(before));
    } catch (RuntimeException | Error historyFailure) {
      error.addSuppressed(historyFailure);
    }
  }

  private void record(Attempt attempt, List<HistoryRecord> rows, boolean release) {
    ResolvedMigration resolved = attempt.resolved();
    RunJournal journal = attempt.journal();
    try {
      if (release) {
        journal.finish(rows);
      } else {
        journal.write(rows);
      }
    } catch (RuntimeException e) {
      throw new MigrationException(
          resolved.version(),
          namespace,
          "record",
          "Cannot record migration "
              + resolved
              + " of "
              + namespace
              + " as "
              + attempt.operation().done()
              + ": "
              + e.getMessage()
              + "; its steps completed ("
              + attempt.steps().describeDone()
              + ") but its history row "
              + storedStatus(resolved, journal),
          e);
    }
  }

  /** What the history says of a version after a failed write: {@code still says running}. */
  private static String storedStatus(ResolvedMigration resolved, RunJournal journal) {
    return journal
        .lastSeenRow(resolved.version())
        .map(
            row ->
                row.status() == Status.RUNNING
                    ? "still says running"
                    : "says "
                        + row.status().value()
                        + (Objects.equals(row.runId(), journal.runId())
                            ? ""
                            : " (written by run " + row.runId() + ")"))
        .orElse("is missing");
  }

  private MigrationException stopped(
      ResolvedMigration resolved, String step, String message, Throwable cause) {
    return new MigrationException(resolved.version(), namespace, step, message, cause);
  }

  /** An Error is rethrown as it is (with the run's exception attached); others as the exception. */
  private static RuntimeException rethrowable(Throwable error, RuntimeException thrown) {
    if (error instanceof Error fatal) {
      fatal.addSuppressed(thrown);
      throw fatal;
    }
    return thrown;
  }

  /**
   * One version's run: what it runs, under which journal, the steps it completed, when it started
   * ({@link System#nanoTime}), and what it does, for messages.
   */
  private record Attempt(
      ResolvedMigration resolved,
      Operation operation,
      RunJournal journal,
      StepLog steps,
      long start,
      String what) {}

  /** The history rows of one version, operation and run, in whatever state they record. */
  private final class RowOf {
    private final ResolvedMigration resolved;
    private final String operation;
    private final String runId;

    RowOf(ResolvedMigration resolved, String operation, String runId) {
      this.resolved = resolved;
      this.operation = operation;
      this.runId = runId;
    }

    HistoryRecord with(Status status) {
      return with(status, List.of(), null, 0L);
    }

    HistoryRecord with(Status status, List<String> steps, String error, long durationMs) {
      return new HistoryRecord(
          resolved.version(),
          namespace,
          resolved.description(),
          status,
          error,
          resolved.checksum(),
          clock.instant(),
          durationMs,
          operation,
          steps,
          runId);
    }
  }

  private static Duration elapsed(long startNanos) {
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  /**
   * True when a step failed without knowing whether its commit landed: no answer within the bound,
   * a lost connection, a server error, or a commit the catalog reports as of unknown state.
   */
  private static boolean isUnknownOutcome(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof RemoteCalls.StepTimeoutException || RemoteCalls.isUnreachable(t)) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /** The fence's refusal in an error's causes, or null. */
  private static LeaseFence.RefusedByFenceException refusedByFence(Throwable error) {
    for (Throwable t = error; t != null && t.getCause() != t; t = t.getCause()) {
      if (t instanceof LeaseFence.RefusedByFenceException refused) {
        return refused;
      }
    }
    return null;
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
