package dev.icebergops.test.internal;

/**
 * The ten standard checks, in the order of the report's columns: each with its name in reports and
 * logs ({@link #toString()}), its column title in the report, and the test method of {@code
 * MigrationSuite} that runs it. The only place their names are written.
 *
 * <pre>{@code
 * CheckReport reversible = journey.report(StandardCheck.REVERSIBILITY).orElseGet(checks::reversibility);
 * }</pre>
 */
public enum StandardCheck {
  /** Every class loads; versions are unique and agree with the class names. */
  WELL_FORMED("wellFormed", "well formed", "migrationSetIsWellFormed"),
  /** Every migration applies, in order, to head. */
  UPGRADE_TO_HEAD("upgradeToHead", "upgrade to head", "upgradesFromEmptyToHead"),
  /** Each downgrade restores what its upgrade changed (the staircase). */
  REVERSIBILITY("reversibility", "reversible", "everyDowngradeReversesItsUpgrade"),
  /** A full rollback leaves no trace. */
  NO_TRACE("noTrace", "no trace", "fullRollbackLeavesNoTrace"),
  /** An upgrade run again on its own result commits and changes nothing. */
  IDEMPOTENT_UPGRADES("idempotentUpgrades", "idempotent", "upgradesAreIdempotent"),
  /** Head conforms to the YAML contracts. */
  CONTRACTS("contracts", "contracts", "headConformsToContracts"),
  /** The history table agrees with what ran. */
  HISTORY_AGREES("historyAgrees", "history", "historyAgreesWithWhatRan"),
  /** Rows written at every version survive every migration. */
  DATA_SURVIVES("dataSurvives", "data survives", "dataSurvivesEveryMigration"),
  /** Each baseline migration builds what the chain up to its version builds. */
  BASELINES("baselines", "baselines", "baselinesMatchTheirChain"),
  /** Each destructive change a version makes is declared on its migration class. */
  DESTRUCTIVE_DECLARED("destructiveDeclared", "declared", "destructiveChangesAreDeclared");

  private final String key;
  private final String title;
  private final String testMethod;

  StandardCheck(String key, String title, String testMethod) {
    this.key = key;
    this.title = title;
    this.testMethod = testMethod;
  }

  /** The check's column title in the report, e.g. {@code reversible}. */
  public String title() {
    return title;
  }

  /** The name of the {@code MigrationSuite} test method that runs the check. */
  public String testMethod() {
    return testMethod;
  }

  /** The check's name in reports and logs, e.g. {@code reversibility}. */
  @Override
  public String toString() {
    return key;
  }
}
