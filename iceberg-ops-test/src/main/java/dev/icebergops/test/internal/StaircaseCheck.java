package dev.icebergops.test.internal;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.state.NamespaceTables;

/**
 * The reversibility staircase: for each version, up one, down one, compare with before, up again
 * and compare with the first upgrade.
 */
final class StaircaseCheck {

  private StaircaseCheck() {}

  /** Walks the staircase up every version, from the start (see {@link CheckRun#fromStart}). */
  static void walk(CheckRun run) {
    String previous = run.start().version();
    for (ResolvedMigration migration : run.migrations()) {
      if (!step(run, migration, previous)) {
        break;
      }
      previous = migration.version();
    }
  }

  /**
   * One step of the staircase; the version is applied afterwards.
   *
   * @return whether the staircase can go on
   */
  private static boolean step(CheckRun run, ResolvedMigration migration, String previous) {
    String version = migration.version();
    run.cover(version);
    NamespaceTables before = run.capture();
    if (!run.upgrade(version, null)) {
      return false;
    }
    NamespaceTables after = run.capture();
    CheckRun.Stop stop = run.rollBack(previous);
    if (stop != null) {
      run.reportStop(stop, "");
      // the version stays applied: carry on with the next one
      return true;
    }
    judgeDown(run, version, before, run.capture());
    if (!run.upgrade(version, "to upgrade again after its downgrade")) {
      return false;
    }
    judgeAgain(run, version, after, run.capture());
    return true;
  }

  /**
   * Judges a version's downgrade: the namespace must be as before its upgrade.
   *
   * @param before the shape before the upgrade
   * @param down the shape after upgrade + downgrade
   */
  static void judgeDown(
      CheckRun run, String version, NamespaceTables before, NamespaceTables down) {
    StateChanges diff = StateChanges.between(before.namespace(), before, down);
    if (!diff.isEmpty()) {
      run.failAt(
          version,
          "Expecting %s to be reversible, but after upgrade + downgrade %s"
              .formatted(run.label(version), run.differs(diff, "before the upgrade")));
    }
    run.reportDrift(version, null, "after upgrade + downgrade", diff);
  }

  /**
   * Judges a version's second upgrade, after its downgrade: the namespace must be as after the
   * first.
   *
   * @param after the shape after the first upgrade
   * @param again the shape after the second
   */
  static void judgeAgain(
      CheckRun run, String version, NamespaceTables after, NamespaceTables again) {
    StateChanges diff = StateChanges.between(after.namespace(), after, again);
    if (!diff.isEmpty()) {
      run.failAt(
          version,
          "Expecting %s to give the same result when upgraded again after its downgrade, but %s"
              .formatted(run.label(version), run.differs(diff, "after the first upgrade")));
    }
  }
}
