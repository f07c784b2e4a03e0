package dev.icebergops.test.internal;

import dev.icebergops.runner.MigrationRunner;
import java.util.ArrayList;
import java.util.List;

/** Up to head, then down to the settings' downTo: the namespace must be as it was at downTo. */
final class NoTraceCheck {

  private NoTraceCheck() {}

  static CheckReport run(CheckRun run) {
    if (!run.resolve() || !run.startsEmpty()) {
      return run.report();
    }
    String downTo = run.settings().downTo();
    boolean full = MigrationRunner.BASE_VERSION.equals(downTo);
    String head = run.head();
    String subject =
        full
            ? "Expecting a full rollback to leave no trace in " + run.ns()
            : "Expecting a rollback from head ("
                + head
                + ") to "
                + downTo
                + " to leave no trace in "
                + run.ns();
    if (!full && run.migrations().stream().noneMatch(m -> m.version().equals(downTo))) {
      run.fail(subject + ", but no migration has version " + downTo);
      return run.report();
    }
    NamespaceShape baseline = run.capture();
    if (!full) {
      if (!run.upgrade(downTo, null)) {
        run.cleanUp();
        return run.report();
      }
      baseline = run.capture();
    }
    if (run.upgrade(null, null)) {
      check(run, subject, baseline, head, downTo);
    }
    run.cleanUp();
    return run.report();
  }

  private static void check(
      CheckRun run, String subject, NamespaceShape baseline, String head, String downTo) {
    CheckRun.Stop stop = run.rollBack(downTo);
    if (stop != null) {
      if (stop.irreversible() && !run.settings().allowedIrreversible().contains(stop.version())) {
        run.fail(
            subject + ", but " + run.label(stop.version()) + " is irreversible: " + stop.reason());
      } else {
        run.reportStop(
            stop,
            "; the rollback to " + downTo + " stopped there, so leaving no trace was not checked");
      }
      return;
    }
    ShapeDiff diff = baseline.diff(run.capture());
    String where = "after migrating to head (" + head + ") and rolling back to " + downTo;
    if (!diff.isEmpty()) {
      run.fail(
          subject
              + ", but "
              + where
              + " "
              + summary(diff)
              + ":\n"
              + diff.describeTables(diff.changedTables()));
    }
    run.reportDrift("a rollback to " + downTo, where, diff);
  }

  /** "it left ns.audit behind and changed ns.orders". */
  private static String summary(ShapeDiff diff) {
    List<String> parts = new ArrayList<>();
    if (!diff.addedTables().isEmpty()) {
      parts.add("left " + String.join(", ", diff.addedTables()) + " behind");
    }
    if (!diff.removedTables().isEmpty()) {
      parts.add("removed " + String.join(", ", diff.removedTables()));
    }
    List<String> changed = new ArrayList<>(diff.changedTables());
    changed.removeAll(diff.addedTables());
    changed.removeAll(diff.removedTables());
    if (!changed.isEmpty()) {
      parts.add("changed " + String.join(", ", changed));
    }
    return "it " + String.join(" and ", parts);
  }
}
