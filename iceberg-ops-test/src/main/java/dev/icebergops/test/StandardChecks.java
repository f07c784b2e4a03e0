package dev.icebergops.test;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.internal.CheckReport;
import dev.icebergops.test.internal.ContractLocation;
import dev.icebergops.test.internal.JourneyStart;
import dev.icebergops.test.internal.MigrationChecks;
import dev.icebergops.test.internal.SharedJourney;
import dev.icebergops.test.internal.StandardCheck;
import dev.icebergops.test.internal.SuiteReport;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The standard migration checks, bound to a test's runner and its class's {@link IcebergMigrations}
 * settings (allowed irreversible versions, {@code downTo}, strict field ids, contracts). Injected
 * into test methods; {@link MigrationSuite} runs each as a test. Use it in a test migrated to
 * {@code "0000"}: the checks of one class then share one journey through the migrations, walked
 * once in a namespace of its own, and each takes its verdict from it. A check that the journey
 * cannot vouch for (when a migration misbehaves in a way that may disturb it) runs on its own in
 * the test's namespace, as does every check of a test whose namespace is not empty. A check that
 * passed in an earlier run with the same migrations, contracts and settings is reported passed from
 * the template cache (a note names that run), without the journey; a failed check is never kept.
 *
 * <p>With {@link IcebergMigrations#startFrom()}, the checks start from the snapshot instead of an
 * empty namespace: the journey's namespace is the snapshot's shape at its recorded version; the
 * versions above it are applied up to head and checked, then rolled back down to it ({@code downTo}
 * left at {@code 0000} means the snapshot's version), and no trace means the snapshot's shape
 * again. The versions at or below the snapshot's are production's and are not run; the baseline
 * check, which compares with the chain from empty, is skipped.
 *
 * <pre>{@code
 * @Test @MigrateTo("0000")
 * void everyMigrationIsReversible(StandardChecks checks) {
 *   checks.assertReversible();
 * }
 * }</pre>
 */
public final class StandardChecks {

  private static final Logger LOG = LoggerFactory.getLogger(StandardChecks.class);

  private final SuiteConfig settings;
  private final MigrationRunner runner;
  private final MigrationChecks checks;
  private final SuiteReport report;
  private final ClassJourney journey;
  private final JourneyStart start;
  private final Consumer<String> publish;

  /**
   * The checks of one test.
   *
   * @param journey the class's shared journey, walked when first asked for
   * @param start where the checks start: an empty namespace, or the class's snapshot
   * @param publish publishes a line of the test's output (a JUnit report entry)
   */
  StandardChecks(
      SuiteConfig settings,
      MigrationRunner runner,
      SuiteReport report,
      ClassJourney journey,
      JourneyStart start,
      Consumer<String> publish) {
    this.settings = settings;
    this.runner = runner;
    this.checks = new MigrationChecks(runner, settings.checkSettings()).from(start);
    this.report = report;
    this.journey = journey;
    this.start = start;
    this.publish = publish;
  }

  /**
   * Checks that every class loads, versions are unique and match their names.
   *
   * @throws AssertionFailedError naming the classes at fault
   */
  public void assertWellFormed() {
    verify(checks.wellFormed());
  }

  /**
   * Checks that the migrations apply from an empty namespace to head.
   *
   * @throws AssertionFailedError naming the version that failed
   */
  public void assertUpgradeToHead() {
    verify(shared(StandardCheck.UPGRADE_TO_HEAD, checks::upgradeToHead));
  }

  /**
   * The staircase: each version up one step, down one step, compared with before, and up again.
   *
   * @throws AssertionFailedError naming the version and showing what its downgrade left behind
   */
  public void assertReversible() {
    verify(shared(StandardCheck.REVERSIBILITY, checks::reversibility));
  }

  /**
   * Checks that a full rollback (to {@code downTo}) returns the namespace to its state before.
   *
   * @throws AssertionFailedError showing what was left behind
   */
  public void assertNoTrace() {
    verify(shared(StandardCheck.NO_TRACE, checks::noTrace));
  }

  /**
   * Checks that running each upgrade again on its own result commits and changes nothing.
   *
   * @throws AssertionFailedError naming the version and showing what changed
   */
  public void assertIdempotentUpgrades() {
    verify(shared(StandardCheck.IDEMPOTENT_UPGRADES, checks::idempotentUpgrades));
  }

  /**
   * Checks that head conforms to the YAML contracts in {@link IcebergMigrations#contracts()}; the
   * check is reported as skipped (not passed) when no contracts location is configured.
   *
   * @throws AssertionFailedError listing the violated contract lines
   */
  public void assertContracts() {
    if (settings.contracts().isBlank()) {
      String reason =
          "no contracts location: set @IcebergMigrations(contracts = \"classpath:contracts/...\")";
      report.skipped(StandardCheck.CONTRACTS, reason);
      Assumptions.abort(reason);
    }
    verify(
        shared(
            StandardCheck.CONTRACTS,
            () -> checks.contracts(ContractLocation.of(settings.contracts()))));
  }

  /**
   * Checks that data survives every version: rows generated at each version, typed from each
   * table's schema then, read back by field id at head and after each downgrade, found where they
   * were written or, once a migration rewrote their files (a backfill, a compaction), by their
   * values. Renamed, promoted and archived columns keep their values, columns added later read null
   * (or their initial default) or values a backfill filled, which are no loss (and read the values
   * of a {@link Backfill} declared in {@link IcebergMigrations#backfills()}, if one is); a loss
   * fails unless its version's migration class declares it with {@code @Destructive}.
   *
   * @throws AssertionFailedError naming the version, table, column and field id, with sample rows
   *     before and after
   */
  public void assertDataSurvives() {
    verify(shared(StandardCheck.DATA_SURVIVES, checks::dataSurvives));
  }

  /**
   * Checks that each destructive change a version makes (a dropped column or table, a purge, a
   * snapshot expiry, an overwrite or delete of rows outside a staged data step: the preview's
   * classes, found on the class's shared journey, or on a shadow of the namespace for a version
   * that commits data) is declared with {@code @Destructive} on its migration class; the report
   * lists each version's declarations.
   *
   * @throws AssertionFailedError naming the version, the table, the column and the annotation to
   *     add
   */
  public void assertDestructiveChangesDeclared() {
    verify(shared(StandardCheck.DESTRUCTIVE_DECLARED, checks::destructiveDeclared));
  }

  /**
   * Checks that the history table agrees with what ran.
   *
   * @throws AssertionFailedError listing the rows that disagree
   */
  public void assertHistoryAgrees() {
    verify(shared(StandardCheck.HISTORY_AGREES, checks::historyAgrees));
  }

  /**
   * Checks that each baseline migration ({@code B<v>__<Description>}) builds, applied alone in a
   * fresh namespace, the same shape as migrating the versioned migrations up to {@code v}: the
   * shared journey's shape after {@code v}. The check is reported as not applicable (skipped, not
   * passed) when the set has no baseline.
   *
   * @throws AssertionFailedError naming the baseline's version, the table and the column that
   *     differ
   */
  public void assertBaselinesMatch() {
    boolean none;
    try {
      none = runner.baselines().isEmpty();
    } catch (IllegalArgumentException e) {
      none = false; // a malformed set: the check's own run reports it
    }
    if (none || !start.isEmpty()) {
      String reason =
          none
              ? "no baseline migrations: %s has no B<NNNN>__<Description> class"
                  .formatted(runner.source().location())
              : "the checks start from %s, and a baseline is compared with the chain from empty"
                  .formatted(start);
      report.skipped(StandardCheck.BASELINES, reason);
      Assumptions.abort(reason);
    }
    if (runner.current().isEmpty()) {
      verify(
          kept(
              StandardCheck.BASELINES,
              () -> {
                SharedJourney shared = journey.get();
                return checks.baselines(version -> shared.shapeAfter(version).orElse(null));
              }));
    } else {
      verify(checks.baselines());
    }
  }

  /**
   * The check's report from the class's shared journey, or from its own pass in the test's
   * namespace when the journey cannot vouch for it or the namespace is not at the start (empty).
   */
  private CheckReport shared(StandardCheck check, Supplier<CheckReport> own) {
    return start.isAt(runner)
        ? kept(check, () -> journey.get().report(check).orElseGet(own))
        : own.get();
  }

  /**
   * The verdict of {@code check} kept by an earlier run with the same inputs, said in the test's
   * output; else {@code run}'s, kept for later runs when it passed.
   */
  private CheckReport kept(StandardCheck check, Supplier<CheckReport> run) {
    Optional<CheckReport> kept = journey.cached(check);
    if (kept.isPresent()) {
      kept.get().cachedFrom().ifPresent(publish);
      return kept.get();
    }
    CheckReport report = run.get();
    journey.keep(report);
    return report;
  }

  private void verify(CheckReport report) {
    this.report.add(report);
    report.warnings().forEach(warning -> LOG.warn("{}: {}", report.check(), warning));
    if (!report.passed()) {
      throw new AssertionFailedError(report.failureMessage());
    }
  }
}
