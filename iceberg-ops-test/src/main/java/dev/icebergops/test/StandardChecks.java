package dev.icebergops.test;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.internal.CheckReport;
import dev.icebergops.test.internal.ContractLocation;
import dev.icebergops.test.internal.MigrationChecks;
import dev.icebergops.test.internal.SuiteReport;
import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The standard migration checks, bound to a test's runner and its class's {@link IcebergMigrations}
 * settings (allowed irreversible versions, {@code downTo}, strict field ids, contracts). Injected
 * into test methods; {@link MigrationSuite} runs each as a test. Every check starts from the test's
 * namespace as it is, so use it in a test migrated to {@code "0000"}.
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

  private final SuiteSettings settings;
  private final MigrationChecks checks;
  private final SuiteReport report;

  StandardChecks(SuiteSettings settings, MigrationRunner runner, SuiteReport report) {
    this.settings = settings;
    this.checks = settings.checks(runner);
    this.report = report;
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
    verify(checks.upgradeToHead());
  }

  /**
   * The staircase: each version up one step, down one step, compared with before, and up again.
   *
   * @throws AssertionFailedError naming the version and showing what its downgrade left behind
   */
  public void assertReversible() {
    verify(checks.reversibility());
  }

  /**
   * Checks that a full rollback (to {@code downTo}) returns the namespace to its state before.
   *
   * @throws AssertionFailedError showing what was left behind
   */
  public void assertNoTrace() {
    verify(checks.noTrace());
  }

  /**
   * Checks that running each upgrade again on its own result commits and changes nothing.
   *
   * @throws AssertionFailedError naming the version and showing what changed
   */
  public void assertIdempotentUpgrades() {
    verify(checks.idempotentUpgrades());
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
      report.skipped("contracts", reason);
      Assumptions.abort(reason);
    }
    verify(checks.contracts(ContractLocation.of(settings.contracts())));
  }

  /**
   * Checks that data survives every version: rows generated at each version, typed from each
   * table's schema then, read back by field id at head and after each downgrade. Renamed, promoted
   * and archived columns keep their values, columns added later read null (or their initial
   * default); a loss fails unless its version is listed in {@link IcebergMigrations#dropsData()}.
   *
   * @throws AssertionFailedError naming the version, table, column and field id, with sample rows
   *     before and after
   */
  public void assertDataSurvives() {
    verify(checks.dataSurvives());
  }

  /**
   * Checks that the history table agrees with what ran.
   *
   * @throws AssertionFailedError listing the rows that disagree
   */
  public void assertHistoryAgrees() {
    verify(checks.historyAgrees());
  }

  private void verify(CheckReport report) {
    this.report.add(report);
    report.warnings().forEach(warning -> LOG.warn("{}: {}", report.check(), warning));
    if (!report.passed()) {
      throw new AssertionFailedError(report.failureMessage());
    }
  }
}
