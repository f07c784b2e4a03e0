package dev.icebergops.test.internal;

import dev.icebergops.migration.ChangeClass;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.ClassedChange;
import dev.icebergops.runner.MigrationPreview;
import dev.icebergops.runner.VersionPreview;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.StateDiff;
import dev.icebergops.state.TableState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.relocated.com.google.common.collect.Iterables;

/**
 * The check that each destructive change a version makes is declared: the preview of the pending
 * versions, on a shadow of the namespace, classes every change (the one classifier, {@link
 * VersionPreview#undeclared}); a destructive one whose migration class lacks {@code @Destructive}
 * fails, naming the version, the table and the column. Each declaration is a note of the report. On
 * the shared journey ({@link #upgraded}), the same classes come from the tables before and after
 * each version's upgrade, with no preview of its own.
 */
final class DeclarationCheck {

  private DeclarationCheck() {}

  /** The check's own pass: the preview of the pending versions, each version checked. */
  static void previewed(CheckRun run) {
    MigrationPreview preview;
    try {
      preview = run.runner().preview();
    } catch (RuntimeException e) {
      run.fail(
          "Expecting a preview of " + run.ns() + "'s pending versions, but: " + e.getMessage());
      return;
    }
    preview.versions().forEach(version -> check(run, version));
  }

  /**
   * Checks one version on the shared journey's walk up: its changes are the diff of its tables
   * before and right after its upgrade, worded and classed as the preview's ({@link
   * RunnerSeam#change}). A version that commits data or expires snapshots is not checked here: the
   * preview, which runs it on a shadow without the journey's rows, classes those its own way.
   *
   * @param was the namespace's tables before the upgrade, by name
   * @param is its tables right after it, by name
   * @return false when the version changed a table's snapshots, and the check must run its own pass
   */
  static boolean upgraded(
      CheckRun run, ResolvedMigration migration, Map<String, Table> was, Map<String, Table> is) {
    if (!sameSnapshots(was, is)) {
      return false;
    }
    String ns = run.ns() + ".";
    Map<String, TableState> before = new HashMap<>();
    Map<String, TableState> after = new HashMap<>();
    was.forEach((name, table) -> before.put(ns + name, TableState.of(ns + name, table)));
    is.forEach((name, table) -> after.put(ns + name, TableState.of(ns + name, table)));
    check(
        run,
        new VersionPreview(
            migration.version(),
            migration.description(),
            VersionPreview.Outcome.PREVIEWED,
            StateDiff.between(before, after).stream().map(RunnerSeam::change).toList(),
            List.of(),
            null,
            List.of(),
            ChangeClass.declaredBy(migration.migration().getClass()),
            List.of()));
    return true;
  }

  /** Whether every table of {@code is} has the snapshots it had in {@code was} (none if new). */
  private static boolean sameSnapshots(Map<String, Table> was, Map<String, Table> is) {
    Map<String, Table> byUuid = new HashMap<>();
    was.values().forEach(table -> byUuid.put(table.uuid().toString(), table));
    for (Table table : is.values()) {
      Table before = byUuid.get(table.uuid().toString());
      Snapshot now = table.currentSnapshot();
      if (before == null
          ? now != null
          : !Objects.equals(id(now), id(before.currentSnapshot())) || anyExpired(before, table)) {
        return false;
      }
    }
    return true;
  }

  private static boolean anyExpired(Table before, Table after) {
    return Iterables.any(before.snapshots(), s -> after.snapshot(s.snapshotId()) == null);
  }

  private static Long id(Snapshot snapshot) {
    return snapshot == null ? null : snapshot.snapshotId();
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
          "%s fails on the preview's shadow, its later changes unchecked: %s"
              .formatted(label, version.error()));
    }
    run.cover(v);
    for (ClassedChange c : version.undeclared(ChangeClass.DESTRUCTIVE)) {
      String column = c.column() == null ? "" : " column " + c.column();
      run.failAt(
          v,
          ("Expecting %s to declare its destructive changes, but %s%s: %s is destructive and not"
                  + " declared; declare it on the migration class with @Destructive(\"<why>\")")
              .formatted(label, c.table(), column, c.change()));
    }
  }
}
