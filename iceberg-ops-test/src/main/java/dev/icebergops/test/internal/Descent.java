package dev.icebergops.test.internal;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.NamespaceTables;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.relocated.com.google.common.collect.Lists;

/**
 * The second half of a {@link SharedJourney}: the rollback from head to {@code downTo}, then to the
 * journey's start (0000 from empty). After each downgrade the runner reports, the namespace is
 * compared with before the upgrade (the staircase) and its data read back; then the version is
 * upgraded again (compared with after its first upgrade) and downgraded again, which must change
 * nothing, both called directly in the contexts a run gives them (so that a downgrade finds the
 * schema its upgrade recorded). At {@code downTo}: the no-trace comparison; at the start: the
 * history rows.
 */
final class Descent {

  private final Journey journey;
  private final Map<StandardCheck, CheckRun> active;
  private final String downTo;
  private final CheckRun staircase;

  /** The journey's own runner, whose namespace the staircase's findings name. */
  private final MigrationRunner named;

  /** The staircase's findings per version, highest first; reported lowest first. */
  private final List<CheckRun> steps = new ArrayList<>();

  /** The shape in which the rollback reaches the next version down; null at head. */
  private NamespaceTables reached;

  Descent(Journey journey, Map<StandardCheck, CheckRun> active) {
    this.journey = journey;
    this.active = active;
    this.downTo = journey.settings.downTo();
    this.staircase = journey.runs.get(StandardCheck.REVERSIBILITY);
    this.named = journey.runner;
  }

  /**
   * Rolls back from head.
   *
   * @return whether it reached the journey's start (0000 from empty)
   */
  boolean walk() {
    String start = journey.start.version();
    CheckRun history = journey.runs.get(StandardCheck.HISTORY_AGREES);
    journey.onStep = step -> downgraded(journey.version(step.version()));
    CheckRun.Stop stop = history.rollBack(downTo);
    CheckRun.Stop unwalked = stop == null ? null : below(stop);
    judgeNoTrace(stop);
    if (stop == null && !start.equals(downTo)) {
      stop = history.rollBack(start);
      unwalked = stop;
    }
    journey.onStep = null;
    if (unwalked != null) {
      journey.disturb(
          StandardCheck.REVERSIBILITY,
          "the downgrade of %s stopped the rollback, where the staircase goes on"
              .formatted(unwalked.version()));
    }
    HistoryCheck.afterRollback(history, stop);
    Lists.reverse(steps).forEach(staircase::absorb);
    return stop == null;
  }

  /**
   * Goes on below each allowed irreversible version that stops the rollback to downTo (the
   * journey's start), as the staircase's own pass goes on past it: in a namespace at the version
   * below it as the walk up left it there ({@link Journey#below}), rolled back with the same checks
   * after each downgrade, so that the versions below are walked once for every check and not
   * migrated again. Where no such namespace can be had, the data check walks below it from a fresh
   * namespace, as on its own, and the staircase runs its own pass.
   *
   * @return the stop the descent could not go past, or null when it reached downTo
   */
  private CheckRun.Stop below(CheckRun.Stop stop) {
    DataCheck data = journey.data;
    MigrationRunner own = journey.runner;
    List<ScratchNamespace> opened = new ArrayList<>();
    List<DataCheck> walks = new ArrayList<>(List.of(data));
    List<String> irreversible = new ArrayList<>();
    List<NoTraceCheck.Below> left = new ArrayList<>();
    try {
      while (stop != null) {
        String version = stop.version();
        boolean walksBelow = staircase.previous(version).compareTo(downTo) > 0;
        if (!staircase.allowed(stop) || !downTo.equals(journey.start.version())) {
          journey.data.stopped(stop);
          return stop;
        }
        CheckRun step = staircase.on(named);
        step.cover(version);
        step.reportStop(stop, "");
        steps.add(step);
        leftAsUpgraded(version);
        ScratchNamespace below = walksBelow ? journey.below(stop) : null;
        if (below == null) {
          journey.data.stopped(stop); // a fresh walk below it, if there are versions below
          return walksBelow ? stop : null;
        }
        opened.add(below);
        irreversible.add(version);
        DataCheck walk = journey.data.continuing(stop, below.runner());
        walks.add(walk);
        journey.data = walk;
        journey.runner = below.runner();
        reached = null;
        stop = CheckRun.rollBack(below.runner(), downTo);
        left.add(new NoTraceCheck.Below(below.capture(), stop));
      }
      return null;
    } finally {
      for (int i = walks.size() - 1; i > 0; i--) { // the walks below the lowest ones first
        walks.get(i - 1).walkedBelow(irreversible.get(i - 1), left.get(i - 1), walks.get(i));
      }
      journey.data = data;
      journey.runner = own;
      opened.forEach(ScratchNamespace::close);
    }
  }

  /** After a version's downgrade: the staircase's comparisons and the data read back. */
  private void downgraded(ResolvedMigration migration) {
    String version = migration.version();
    String previous = staircase.previous(version);
    CheckRun step = staircase.on(named);
    steps.add(step);
    step.cover(version);
    leftAsUpgraded(version);
    NamespaceTables down = journey.capture();
    StaircaseCheck.judgeDown(step, version, journey.before.get(version), down);
    boolean aboveDownTo = version.compareTo(downTo) > 0;
    if (aboveDownTo) {
      journey.data.steppedDown(version, previous, journey.captured);
    }
    if (again(migration, step)) {
      reached = journey.capture();
      checkSecondDowngrade(version, down, reached, aboveDownTo);
      journey.passedDown(version);
    }
  }

  /**
   * Upgrades the version again, compares with after its first upgrade, and downgrades it again.
   *
   * @return whether both ran
   */
  private boolean again(ResolvedMigration migration, CheckRun step) {
    String version = migration.version();
    MigrationContext up = RunnerSeam.versionContext(journey.runner, version, true);
    MigrationContext down = RunnerSeam.versionContext(journey.runner, version, false);
    Migration instance = migration.migration();
    try {
      instance.preUpgrade(up);
      instance.upgrade(up);
      instance.postUpgrade(up);
      StaircaseCheck.judgeAgain(step, version, journey.after.get(version), journey.capture());
      instance.preDowngrade(down);
      instance.downgrade(down);
      instance.postDowngrade(down);
      return true;
    } catch (Exception e) {
      journey.disturbAll("upgrading and downgrading " + version + " again failed: " + e);
      return false;
    }
  }

  /** The second downgrade must end where the first did, or the checks still to come may differ. */
  private void checkSecondDowngrade(
      String version, NamespaceTables down, NamespaceTables twice, boolean aboveDownTo) {
    String why = "the second downgrade of " + version + " did not end where the first did";
    if (!StateChanges.between(twice.namespace(), down, twice).isEmpty()) {
      journey.disturb(StandardCheck.HISTORY_AGREES, why);
    }
    if (!same(down, twice) && aboveDownTo) {
      journey.disturb(StandardCheck.NO_TRACE, why);
      journey.disturb(StandardCheck.DATA_SURVIVES, why);
    } else if (aboveDownTo && !sameRows(down, twice)) {
      journey.disturb(
          StandardCheck.DATA_SURVIVES, "upgrading " + version + " again changed the rows");
    }
  }

  /** The staircase would compare this version's downgrade with what the versions above left. */
  private void leftAsUpgraded(String version) {
    if (reached != null && !same(reached, journey.after.get(version))) {
      journey.disturb(
          StandardCheck.REVERSIBILITY,
          "the rollback reached " + version + " in another state than its upgrade left");
    }
  }

  /** Judges the no-trace check where the rollback to downTo ended. */
  private void judgeNoTrace(CheckRun.Stop stop) {
    CheckRun run = active.get(StandardCheck.NO_TRACE);
    if (run == null) {
      return;
    }
    Map<String, NamespaceTables> baselines = new HashMap<>();
    List<ResolvedMigration> all = journey.migrations();
    boolean atStart = journey.start.version().equals(downTo);
    baselines.put(
        downTo, atStart ? journey.before.get(all.get(0).version()) : journey.after.get(downTo));
    NoTraceCheck.baselineVersions(run).forEach(v -> baselines.putIfAbsent(v, journey.after.get(v)));
    new NoTraceCheck(run, baselines, journey.data::walkedBelow).judge(stop);
  }

  /** Whether both captures have the same shape and field ids. */
  private static boolean same(NamespaceTables a, NamespaceTables b) {
    StateChanges diff = StateChanges.between(b.namespace(), a, b);
    return diff.isEmpty() && diff.fieldIdDrift().isEmpty();
  }

  /** Whether both captures hold the same tables with the same uuid, snapshot and field ids. */
  private static boolean sameRows(NamespaceTables a, NamespaceTables b) {
    return a.tables().equals(b.tables())
        && a.tables().stream()
            .allMatch(t -> a.rows(t).equals(b.rows(t)) && a.fieldIds(t).equals(b.fieldIds(t)));
  }
}
