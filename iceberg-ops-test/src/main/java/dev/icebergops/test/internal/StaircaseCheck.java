package dev.icebergops.test.internal;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;

/**
 * The reversibility staircase: for each version, up one, down one, compare with before, up again
 * and compare with the first upgrade.
 */
final class StaircaseCheck {

  private StaircaseCheck() {}

  static CheckReport run(CheckRun run) {
    if (!run.resolve() || !run.startsEmpty()) {
      return run.report();
    }
    String previous = MigrationRunner.BASE_VERSION;
    for (ResolvedMigration migration : run.migrations()) {
      if (!step(run, migration, previous)) {
        break;
      }
      previous = migration.version();
    }
    run.cleanUp();
    return run.report();
  }

  /**
   * One step of the staircase; the version is applied afterwards.
   *
   * @return whether the staircase can go on
   */
  private static boolean step(CheckRun run, ResolvedMigration migration, String previous) {
    String version = migration.version();
    String label = run.label(version);
    run.cover(version);
    NamespaceShape before = run.capture();
    if (!run.upgrade(version, null)) {
      return false;
    }
    NamespaceShape after = run.capture();
    CheckRun.Stop stop = run.rollBack(previous);
    if (stop != null) {
      run.reportStop(stop, "");
      // the version stays applied: carry on with the next one
      return true;
    }
    ShapeDiff down = before.diff(run.capture());
    if (!down.isEmpty()) {
      run.failAt(
          version,
          "Expecting "
              + label
              + " to be reversible, but after upgrade + downgrade "
              + run.differs(down, "before the upgrade"));
    }
    run.reportDrift(version, null, "after upgrade + downgrade", down);
    if (!run.upgrade(version, "to upgrade again after its downgrade")) {
      return false;
    }
    ShapeDiff again = after.diff(run.capture());
    if (!again.isEmpty()) {
      run.failAt(
          version,
          "Expecting "
              + label
              + " to give the same result when upgraded again after its downgrade, but "
              + run.differs(again, "after the first upgrade"));
    }
    return true;
  }
}
