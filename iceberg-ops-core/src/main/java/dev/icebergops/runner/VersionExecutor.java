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
  HistoryRecord running(ResolvedMigration resolved, String operation, String runId) {
    return row(
        resolved, Status.RUNNING, operation(resolved, operation), List.of(), null, 0L, runId);
  }

  /**
   * The operation recorded for a migration's {@code upgrade} or {@code downgrade} while it runs, is
   * applied or failed: a baseline's are {@code baseline} and {@code baseline downgrade}, so that
   * its row is read as the baseline's. A rolled-back baseline's row says {@code downgrade}: the
   * version is pending again, for its versioned migration.
   */
  static String operation(ResolvedMigration resolved, String operation) {
    if (!resolved.isBaseline()) {
      return operation;
    }
    return "downgrade".equals(operation)
        ? NamespaceState.BASELINE_DOWNGRADE
        : "upgrade".equals(operation) ? NamespaceState.BASELINE : operation;
  }

  /**
   * Applies one version: pre-hook, upgrade, record, post-hook. Its running row is already written.
   *
   * @param next the row to write with this version's outcome (the next version's running row), or
   *     null
   * @param release whether the outcome's write also ends the run and releases its lease (for the
   *     last version, when it has no post-hook that must still run under the lease)
   */
  MigrationStep upgrade(
      ResolvedMigration resolved, RunJournal journal, HistoryRecord next, boolean release) {
    Migration migration = resolved.migration();
    String what = "apply migration " + resolved + " to " + namespace;
    StepLog steps = progress(resolved, "upgrade", journal);
    MigrationContext ctx = new CatalogMigrationContext(journal.fenced(catalog), namespace, steps);
    if (resolved.isBaseline()) {
      LOG.info(
          "Applying baseline {} to {}: it builds version {} directly, without the versions below it",
          resolved,
          namespace,
          resolved.version());
    } else {
      LOG.info("Applying migration {} to {}", resolved, namespace);
    }
    long start = System.nanoTime();
    runHook(resolved, journal, steps, start, what, "preUpgrade", () -> migration.preUpgrade(ctx));
    try {
      remote.runSteps(steps, () -> migration.upgrade(ctx));
    } catch (Exception | Error e) {
      throw failed(resolved, journal, steps, start, what, "upgrade", e);
    }
    Duration took = elapsed(start);
    List<HistoryRecord> rows = new ArrayList<>();
    rows.add(
        row(
            resolved,
            Status.APPLIED,
            operation(resolved, "upgrade"),
            steps.done(),
            null,
            took.toMillis(),
            journal));
    if (next != null) {
      rows.add(next);
    }
    record(resolved, journal, rows, release, what, "applied", steps);
    LOG.info("Applied migration {} to {} in {} ms", resolved, namespace, took.toMillis());
    try {
      migration.postUpgrade(ctx);
    } catch (Exception e) {
      LOG.warn(
          "postUpgrade of migration {} in {} failed; it stays applied: {}",
          resolved,
          namespace,
          e.toString());
    }
    return new MigrationStep(
        resolved.version(), resolved.description(), took, resolved.isBaseline());
  }

  /**
   * Reverses one version: pre-hook, downgrade, record, post-hook. Its running row is already
   * written; {@code before} is its row before that, restored when nothing was committed.
   *
   * @param next the row to write with this version's outcome (the next version's running row), or
   *     null
   * @param release whether the outcome's write also ends the run and releases its lease
   */
  MigrationStep downgrade(
      ResolvedMigration resolved,
      HistoryRecord before,
      RunJournal journal,
      HistoryRecord next,
      boolean release) {
    Migration migration = resolved.migration();
    String what = "roll back migration " + resolved + " in " + namespace;
    StepLog steps = progress(resolved, "downgrade", journal);
    MigrationContext ctx = new CatalogMigrationContext(journal.fenced(catalog), namespace, steps);
    LOG.info("Rolling back migration {} in {}", resolved, namespace);
    long start = System.nanoTime();
    try {
      remote.runSteps(steps, () -> migration.preDowngrade(ctx));
    } catch (Exception | Error e) {
      restore(resolved, before, journal, e);
      throw rethrowable(
          e,
          stopped(
              resolved,
              "preDowngrade",
              "Cannot " + what + ": preDowngrade failed: " + e + "; it stays as it was",
              e));
    }
    try {
      remote.runSteps(steps, () -> migration.downgrade(ctx));
    } catch (IrreversibleMigrationException e) {
      restore(resolved, before, journal, e);
      throw stopped(
          resolved,
          "downgrade",
          "Cannot " + what + ": it is irreversible: " + e.getMessage() + "; it stays as it was",
          e);
    } catch (Exception | Error e) {
      if (steps.done().isEmpty() && !isUnknownOutcome(e)) {
        restore(resolved, before, journal, e);
        String step = steps.current() != null ? steps.current() : "downgrade";
        throw rethrowable(
            e,
            stopped(
                resolved,
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
      throw failed(resolved, journal, steps, start, what, "downgrade", e);
    }
    Duration took = elapsed(start);
    List<HistoryRecord> rows = new ArrayList<>();
    rows.add(
        row(
            resolved,
            Status.ROLLED_BACK,
            "downgrade",
            steps.done(),
            null,
            took.toMillis(),
            journal));
    if (next != null) {
      rows.add(next);
    }
    record(resolved, journal, rows, release, what, "rolled back", steps);
    LOG.info("Rolled back migration {} in {} in {} ms", resolved, namespace, took.toMillis());
    try {
      migration.postDowngrade(ctx);
    } catch (Exception e) {
      LOG.warn(
          "postDowngrade of migration {} in {} failed; it stays rolled back: {}",
          resolved,
          namespace,
          e.toString());
    }
    return new MigrationStep(
        resolved.version(), resolved.description(), took, resolved.isBaseline());
  }

  /**
   * Whether a migration overrides a post-hook ({@code postUpgrade} or {@code postDowngrade}): then
   * the run's lease is released only after the hook ran, in a write of its own.
   */
  static boolean hasPostHook(ResolvedMigration resolved, String hook) {
    try {
      return resolved
              .migration()
              .getClass()
              .getMethod(hook, MigrationContext.class)
              .getDeclaringClass()
          != Migration.class;
    } catch (NoSuchMethodException e) {
      return true;
    }
  }

  /** The row recording a version as applied without running it. */
  HistoryRecord stamped(ResolvedMigration resolved, String runId) {
    return row(resolved, Status.APPLIED, "stamp", List.of(), null, 0L, runId);
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

  private StepLog progress(ResolvedMigration resolved, String operation, RunJournal journal) {
    return new StepLog(
        done ->
            journal.write(
                List.of(
                    row(
                        resolved,
                        Status.RUNNING,
                        operation(resolved, operation),
                        done,
                        null,
                        0L,
                        journal.runId()))));
  }

  private void runHook(
      ResolvedMigration resolved,
      RunJournal journal,
      StepLog steps,
      long start,
      String what,
      String hook,
      Hook body) {
    try {
      remote.runSteps(steps, body::run);
    } catch (Exception | Error e) {
      throw failed(resolved, journal, steps, start, what, hook, e);
    }
  }

  /**
   * Records a version as failed with the steps it completed, and returns the error to throw: the
   * migration's own error (an {@link Error} is rethrown as it is), with a history failure attached.
   */
  private RuntimeException failed(
      ResolvedMigration resolved,
      RunJournal journal,
      StepLog steps,
      long start,
      String what,
      String phase,
      Throwable error) {
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
        row(
            resolved,
            Status.FAILED,
            operation(resolved, phase.endsWith("owngrade") ? "downgrade" : "upgrade"),
            committed,
            text,
            elapsed(start).toMillis(),
            journal);
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
  private void restore(
      ResolvedMigration resolved, HistoryRecord before, RunJournal journal, Throwable error) {
    try {
      journal.write(List.of(before));
    } catch (RuntimeException | Error historyFailure) {
      error.addSuppressed(historyFailure);
    }
  }

  private void record(
      ResolvedMigration resolved,
      RunJournal journal,
      List<HistoryRecord> rows,
      boolean release,
      String what,
      String outcome,
      StepLog steps) {
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
              + outcome
              + ": "
              + e.getMessage()
              + "; its steps completed ("
              + steps.describeDone()
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

  private HistoryRecord row(
      ResolvedMigration resolved,
      Status status,
      String operation,
      List<String> steps,
      String error,
      long durationMs,
      RunJournal journal) {
    return row(resolved, status, operation, steps, error, durationMs, journal.runId());
  }

  private HistoryRecord row(
      ResolvedMigration resolved,
      Status status,
      String operation,
      List<String> steps,
      String error,
      long durationMs,
      String runId) {
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

  @FunctionalInterface
  private interface Hook {
    void run() throws Exception;
  }
}
