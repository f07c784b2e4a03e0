package dev.icebergops.test.internal;

import dev.icebergops.migration.ChangeClass;
import dev.icebergops.runner.ClassedChange;
import dev.icebergops.runner.MigrationPreview;
import dev.icebergops.runner.VersionPreview;

/**
 * The check that each destructive change a version makes is declared: the preview of the pending
 * versions, on a shadow of the namespace, classes every change (the one classifier, {@link
 * VersionPreview#undeclared}); a destructive one whose migration class lacks {@code @Destructive}
 * fails, naming the version, the table and the column. Each declaration is a note of the report.
 */
final class DeclarationCheck {

  private DeclarationCheck() {}

  static CheckReport run(CheckRun run) {
    if (!run.resolve()) {
      return run.report();
    }
    MigrationPreview preview;
    try {
      preview = run.runner().preview();
    } catch (RuntimeException e) {
      run.fail(
          "Expecting a preview of " + run.ns() + "'s pending versions, but: " + e.getMessage());
      return run.report();
    }
    preview.versions().forEach(version -> check(run, version));
    return run.report();
  }

  private static void check(CheckRun run, VersionPreview version) {
    String v = version.version();
    String label = run.label(v);
    version.declared().forEach((c, why) -> run.note(label + " declares " + c.label() + ": " + why));
    if (version.outcome() == VersionPreview.Outcome.NOT_REACHED) {
      run.notApplicable(v, "an earlier version fails on the preview's shadow");
      return;
    }
    if (version.outcome() == VersionPreview.Outcome.FAILS) {
      run.warn(
          label
              + " fails on the preview's shadow, its later changes unchecked: "
              + version.error());
    }
    run.cover(v);
    for (ClassedChange c : version.undeclared(ChangeClass.DESTRUCTIVE)) {
      run.failAt(
          v,
          "Expecting "
              + label
              + " to declare its destructive changes, but "
              + c.table()
              + (c.column() == null ? "" : " column " + c.column())
              + ": "
              + c.change()
              + " is destructive and not declared; declare it on the migration class with"
              + " @Destructive(\"<why>\")");
    }
  }
}
