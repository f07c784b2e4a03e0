package dev.icebergops.test;

import dev.icebergops.runner.DriftReport;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.snapshot.ShapeSnapshot;
import dev.icebergops.test.internal.JourneyStart;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.AssertionFailedError;

/**
 * A test namespace that starts from a snapshot of production's shape ({@link
 * IcebergMigrations#startFrom()}): the snapshot registered, then the versions after its recorded
 * one migrated, a failure reported with the snapshot's drift.
 */
final class SnapshotStart {

  private SnapshotStart() {}

  /**
   * Reads the class's snapshot.
   *
   * @throws ExtensionConfigurationException when it cannot be read
   */
  static ShapeSnapshot read(SuiteSettings settings) {
    try {
      return ShapeSnapshot.read(settings.startFrom());
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new ExtensionConfigurationException(
          "Cannot configure startFrom of @IcebergMigrations on "
              + settings.testClass().getName()
              + ": "
              + e.getMessage(),
          e);
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
  static JourneyStart journeyStart(SuiteSettings settings) {
    ShapeSnapshot snapshot = read(settings);
    String version = snapshot.version() == null ? MigrationRunner.BASE_VERSION : snapshot.version();
    String downTo = settings.downTo();
    if (!MigrationRunner.BASE_VERSION.equals(downTo) && downTo.compareTo(version) < 0) {
      throw new ExtensionConfigurationException(
          "Cannot configure downTo of @IcebergMigrations on "
              + settings.testClass().getName()
              + ": "
              + downTo
              + " is below "
              + version
              + ", the version of the snapshot "
              + settings.startFrom()
              + "; the tests and checks start from the snapshot and roll back only the versions"
              + " they applied, so downTo must be "
              + version
              + " or above (or left at 0000, which means "
              + version
              + ")");
    }
    return JourneyStart.at(
        version,
        "the snapshot " + settings.startFrom(),
        runner -> {
          snapshot.registerIn(runner);
          return drift(runner);
        });
  }

  /**
   * Registers the snapshot's tables and history rows in the runner's namespace.
   *
   * @return the recorded version, {@link MigrationRunner#BASE_VERSION} when none is applied
   */
  static String register(SuiteSettings settings, MigrationRunner runner) {
    ShapeSnapshot snapshot = read(settings);
    snapshot.registerIn(runner);
    return snapshot.version() == null ? MigrationRunner.BASE_VERSION : snapshot.version();
  }

  /**
   * Migrates the namespace from the snapshot to {@code target} (head when null).
   *
   * @throws AssertionFailedError naming the version that failed, its error, and the snapshot's
   *     drift from what the migrations make at its recorded version
   */
  static void migrate(SuiteSettings settings, MigrationRunner runner, String from, String target) {
    String drift = drift(runner);
    try {
      if (target == null) {
        runner.migrate();
      } else {
        runner.migrate(target);
      }
    } catch (MigrationException e) {
      throw new AssertionFailedError(
          "Cannot migrate "
              + runner.namespace()
              + " from the snapshot "
              + settings.startFrom()
              + " (at "
              + from
              + ") to "
              + (target == null ? "head" : target)
              + ": "
              + e.getMessage()
              + "\n"
              + drift,
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
