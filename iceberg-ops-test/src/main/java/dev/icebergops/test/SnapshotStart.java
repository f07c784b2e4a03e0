package dev.icebergops.test;

import dev.icebergops.runner.DriftReport;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.snapshot.ShapeSnapshot;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.internal.JourneyStart;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.AssertionFailedError;

/**
 * A test namespace that starts from a snapshot of production's shape ({@link
 * IcebergMigrations#startFrom()}): the snapshot registered, then the versions after its recorded
 * one migrated, a failure reported with the snapshot's drift. After the test, what it applied is
 * rolled back to the recorded version and the namespace compared with the snapshot's shape.
 */
record SnapshotStart(SuiteConfig config, String name) implements NamespaceStart {

  private static final String BASE = MigrationRunner.BASE_VERSION;

  /** Registers the snapshot, then migrates to {@code target} unless it is {@code 0000}. */
  @Override
  public ReturnPoint prepare(MigrationRunner runner, String target) {
    ShapeSnapshot snapshot = read(config);
    snapshot.registerIn(runner);
    String version = snapshot.version() == null ? BASE : snapshot.version();
    NamespaceTables baseline = NamespaceTables.capture(runner.catalog(), name);
    if (!BASE.equals(target)) { // at 0000 (the standard checks'), a test starts at the snapshot
      migrate(runner, version, target);
    }
    return new ReturnPoint(
        version, () -> baseline, version + ", the version of the snapshot it started from", null);
  }

  @Override
  public String toString() {
    return "from the snapshot " + config.startFrom();
  }

  /**
   * Reads the class's snapshot.
   *
   * @throws ExtensionConfigurationException when it cannot be read
   */
  private static ShapeSnapshot read(SuiteConfig config) {
    try {
      return ShapeSnapshot.read(config.startFrom());
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw config.invalidAttribute("startFrom", e.getMessage(), e);
    }
  }

  /**
   * Where the class's standard checks start: the snapshot, registered in the journey's namespace,
   * its drift kept for the message of an upgrade that fails there. Checks that an explicit {@code
   * downTo} is not below the snapshot's version.
   *
   * @throws ExtensionConfigurationException when the snapshot cannot be read or {@code downTo} is
   *     below its version
   */
  static JourneyStart journeyStart(SuiteConfig config) {
    ShapeSnapshot snapshot = read(config);
    String version = snapshot.version() == null ? MigrationRunner.BASE_VERSION : snapshot.version();
    String downTo = config.downTo();
    if (!MigrationRunner.BASE_VERSION.equals(downTo) && downTo.compareTo(version) < 0) {
      throw config.invalidAttribute(
          "downTo",
          ("%s is below %s, the version of the snapshot %s; the tests and checks start from the"
                  + " snapshot and roll back only the versions they applied, so downTo must be %s"
                  + " or above (or left at 0000, which means %s)")
              .formatted(downTo, version, config.startFrom(), version, version),
          null);
    }
    return new JourneyStart(
        version,
        "the snapshot " + config.startFrom(),
        runner -> {
          snapshot.registerIn(runner);
          return drift(runner);
        });
  }

  /**
   * Migrates the namespace from the snapshot to {@code target} (head when null).
   *
   * @throws AssertionFailedError naming the version that failed, its error, and the snapshot's
   *     drift from what the migrations make at its recorded version
   */
  private void migrate(MigrationRunner runner, String from, String target) {
    String drift = drift(runner);
    try {
      runner.migrate(target);
    } catch (MigrationException e) {
      throw new AssertionFailedError(
          "Cannot migrate %s from the snapshot %s (at %s) to %s: %s\n%s"
              .formatted(
                  runner.namespace(),
                  config.startFrom(),
                  from,
                  target == null ? "head" : target,
                  e.getMessage(),
                  drift),
          e);
    }
  }

  /**
   * The drift report's text, taken before migrating: what the snapshot has that the chain lacks.
   */
  private static String drift(MigrationRunner runner) {
    try {
      DriftReport report = runner.checkDrift();
      return report.isClean()
          ? "The snapshot has no drift from what the migrations make at its version."
          : "The snapshot drifted from what the migrations make: " + report.text();
    } catch (RuntimeException e) {
      return "The snapshot's drift is unknown: " + e.getMessage();
    }
  }
}
