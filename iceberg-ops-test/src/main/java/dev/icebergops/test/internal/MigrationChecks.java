package dev.icebergops.test.internal;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.NamespaceTables;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The standard checks a migration set must pass, each reporting failures that name the version and
 * show the diff.
 *
 * <p>The checks walk the chain of versioned migrations: the runner is used without baselines, so
 * that a baseline never stands in for the versions below it (the baseline check applies each
 * baseline on its own, in a fresh namespace).
 *
 * <p>The checks that start from an empty namespace (reversibility, no trace, idempotency, history,
 * baselines) expect no version of the runner's namespace to be applied when they begin; the caller
 * arranges that, usually with a fresh namespace per check. Every check rolls the namespace back to
 * empty when it ends, as far as it can; what it cannot roll back is reported as a warning.
 *
 * <pre>{@code
 * MigrationChecks checks = new MigrationChecks(runner, CheckSettings.defaults());
 * CheckReport report = checks.reversibility();
 * if (!report.passed()) throw new AssertionError(report.failureMessage());
 * }</pre>
 *
 * @param runner the runner whose migrations and namespace are checked, used without baselines
 * @param settings what the checks tolerate, from their start ({@link JourneyStart#settings})
 * @param start where the checks start
 */
public record MigrationChecks(MigrationRunner runner, CheckSettings settings, JourneyStart start) {

  /**
   * Creates the checks for a runner.
   *
   * @param runner the runner whose migrations and namespace are checked
   * @param settings what the checks tolerate
   */
  public MigrationChecks(MigrationRunner runner, CheckSettings settings) {
    // the checks walk the chain of versioned migrations: a baseline must not stand in for it
    this(
        RunnerSeam.withoutBaselines(Objects.requireNonNull(runner, "runner")),
        Objects.requireNonNull(settings, "settings"),
        JourneyStart.empty());
  }

  /**
   * The same checks from another start: the runner's namespace is at the start's version when a
   * check begins (not empty), the checks walk the versions above it only, and go back down to it
   * ({@code downTo} below it becomes the start's version).
   *
   * @param start where the checks start
   * @return the checks
   */
  public MigrationChecks from(JourneyStart start) {
    Objects.requireNonNull(start, "start");
    return new MigrationChecks(runner, start.settings(settings), start);
  }

  private CheckRun start(StandardCheck check) {
    return new CheckRun(check, runner, settings, start);
  }

  /** Every class loads, versions are unique and match their names, and there is at least one. */
  public CheckReport wellFormed() {
    return new CheckRun(StandardCheck.WELL_FORMED, runner, settings, JourneyStart.empty())
        .resolved(run -> run.migrations().forEach(m -> run.cover(m.version())));
  }

  /** From an empty namespace, migrate() reaches head without error. */
  public CheckReport upgradeToHead() {
    return start(StandardCheck.UPGRADE_TO_HEAD)
        .resolved(run -> run.viaHead(HeadChecks::reachedHead));
  }

  /** Staircase: for each version, up one, down one, compare with before, up again. */
  public CheckReport reversibility() {
    return start(StandardCheck.REVERSIBILITY).fromStart(StaircaseCheck::walk);
  }

  /** Up to head, then rollbackTo(downTo): the namespace is as it was before. */
  public CheckReport noTrace() {
    return start(StandardCheck.NO_TRACE).resolved(NoTraceCheck::walk);
  }

  /** For each version: upgrade() again on its own result commits nothing and changes nothing. */
  public CheckReport idempotentUpgrades() {
    return start(StandardCheck.IDEMPOTENT_UPGRADES).fromStart(IdempotencyCheck::walk);
  }

  /**
   * At head, each table with a contract file conforms to it.
   *
   * @param location the directory of contract files; having none is a failure
   * @return the report
   */
  public CheckReport contracts(ContractLocation location) {
    Objects.requireNonNull(location, "location");
    return start(StandardCheck.CONTRACTS)
        .resolved(
            run -> {
              List<ContractLocation.Entry> entries = HeadChecks.entries(run, location);
              if (entries != null) {
                run.viaHead(head -> HeadChecks.conformsAll(head, entries));
              }
            });
  }

  /**
   * Data survives: rows generated at every version read back by field id at head and after each
   * downgrade, followed by their values whatever files hold them; a loss fails unless its version
   * is declared {@code @Destructive}, and a column a backfill wrote must read the values {@link
   * CheckSettings#backfills()} declares.
   */
  public CheckReport dataSurvives() {
    return start(StandardCheck.DATA_SURVIVES).fromStart(DataCheck::walk);
  }

  /**
   * Each destructive change a pending version makes, as the preview classes it on a shadow of the
   * namespace, is declared with {@code @Destructive} on its migration class.
   */
  public CheckReport destructiveDeclared() {
    return start(StandardCheck.DESTRUCTIVE_DECLARED).resolved(DeclarationCheck::previewed);
  }

  /** History rows agree with what ran: after migrate one applied row per version, etc. */
  public CheckReport historyAgrees() {
    return start(StandardCheck.HISTORY_AGREES).resolved(HistoryCheck::walk);
  }

  /**
   * Each baseline ({@code B<v>}) matches its chain: applied alone in a fresh namespace, it builds
   * the same shape (tables, columns and their types, partition spec, sort order, properties; field
   * ids aside) as migrating the versioned migrations up to {@code v} in the runner's namespace,
   * which must be empty. A set without baselines passes with a note that the check does not apply.
   */
  public CheckReport baselines() {
    return baselines(version -> null);
  }

  /**
   * As {@link #baselines()}, with the chain's shapes known already (from the shared journey).
   *
   * @param chainShapes the shape right after each version's upgrade on the chain, by version; null
   *     for a version it does not know, which the check then migrates to in the runner's namespace
   * @return the report
   */
  public CheckReport baselines(Function<String, NamespaceTables> chainShapes) {
    Objects.requireNonNull(chainShapes, "chainShapes");
    return start(StandardCheck.BASELINES)
        .resolved(run -> BaselineCheck.compareAll(run, chainShapes));
  }
}
