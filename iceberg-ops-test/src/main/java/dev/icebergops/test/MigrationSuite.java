package dev.icebergops.test;

import org.junit.jupiter.api.Test;

/**
 * The ten standard tests every migration set should pass, for a test class to inherit: {@code class
 * SalesMigrationsTest implements MigrationSuite}, annotated with {@link IcebergMigrations}. They
 * share one journey through the migrations, walked once per class in a namespace of its own (see
 * {@link StandardChecks}); each reports its own verdict, and each failure names the version and
 * shows the diff. After the class, their outcomes per version are written to {@code
 * target/iceberg-ops/<TestClass>.html} and {@code .md}.
 *
 * <pre>{@code
 * @IcebergMigrations(locations = "classpath:com/acme/sales/db/iceberg",
 *     irreversible = "0003", contracts = "classpath:contracts/sales")
 * class SalesMigrationsTest implements MigrationSuite {}
 * }</pre>
 */
public interface MigrationSuite {

  /** Every class loads; versions are unique and agree with the class names. */
  @Test
  @MigrateTo("0000")
  default void migrationSetIsWellFormed(StandardChecks checks) {
    checks.assertWellFormed();
  }

  /** Every migration applies, in order, from an empty namespace to head. */
  @Test
  @MigrateTo("0000")
  default void upgradesFromEmptyToHead(StandardChecks checks) {
    checks.assertUpgradeToHead();
  }

  /** Each version's downgrade restores the tables its upgrade changed (the staircase). */
  @Test
  @MigrateTo("0000")
  default void everyDowngradeReversesItsUpgrade(StandardChecks checks) {
    checks.assertReversible();
  }

  /** A full rollback leaves no trace. */
  @Test
  @MigrateTo("0000")
  default void fullRollbackLeavesNoTrace(StandardChecks checks) {
    checks.assertNoTrace();
  }

  /** Running an upgrade again on its own result commits nothing and changes nothing. */
  @Test
  @MigrateTo("0000")
  default void upgradesAreIdempotent(StandardChecks checks) {
    checks.assertIdempotentUpgrades();
  }

  /** Head conforms to the YAML contracts of the configured contracts location. */
  @Test
  @MigrateTo("0000")
  default void headConformsToContracts(StandardChecks checks) {
    checks.assertContracts();
  }

  /**
   * Rows written at every version read back by field id at head and after each downgrade, found by
   * their values when a migration rewrote their files; a backfill's new values must be those
   * declared with {@link IcebergMigrations#backfills()}, and only the losses of versions declared
   * {@code @Destructive} are allowed.
   */
  @Test
  @MigrateTo("0000")
  default void dataSurvivesEveryMigration(StandardChecks checks) {
    checks.assertDataSurvives();
  }

  /** The history table agrees with what ran. */
  @Test
  @MigrateTo("0000")
  default void historyAgreesWithWhatRan(StandardChecks checks) {
    checks.assertHistoryAgrees();
  }

  /**
   * Each baseline migration ({@code B<v>__}), applied alone in a fresh namespace, builds the same
   * tables as migrating 0001 to {@code v}; not applicable to a set without baselines.
   */
  @Test
  @MigrateTo("0000")
  default void baselinesMatchTheirChain(StandardChecks checks) {
    checks.assertBaselinesMatch();
  }

  /**
   * Each destructive change a version makes (a dropped column or table, a purge, a snapshot expiry,
   * an overwrite or delete of rows outside a staged data step) is declared on its migration class
   * with {@code @Destructive("why")}; the report lists the declarations.
   */
  @Test
  @MigrateTo("0000")
  default void destructiveChangesAreDeclared(StandardChecks checks) {
    checks.assertDestructiveChangesDeclared();
  }
}
