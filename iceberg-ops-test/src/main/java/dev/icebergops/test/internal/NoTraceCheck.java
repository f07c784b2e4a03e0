package dev.icebergops.test.internal;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Up to head, then down to the settings' downTo: the namespace must be as it was at downTo. When
 * the rollback stops at an allowed irreversible version, the namespace must be as it was when it
 * first reached that version, so the versions above it are still proven; and the versions below it
 * are walked from a fresh namespace, up to the version below it and down to downTo, so that they
 * are proven too.
 *
 * @param run the check's run
 * @param baselines the shape at downTo and at each allowed irreversible version above it
 * @param walked where the walk below an allowed irreversible version that another check made
 *     already left its namespace, by the version (null when none did): judged here instead of
 *     walked again
 */
record NoTraceCheck(
    CheckRun run, Map<String, NamespaceTables> baselines, Function<String, Below> walked) {

  /** From downTo up to head and back down to downTo, in the run's namespace when it is empty. */
  static void walk(CheckRun run) {
    if (!run.startsEmpty() || !knowsDownTo(run)) {
      return;
    }
    String downTo = run.settings().downTo();
    if (MigrationRunner.BASE_VERSION.equals(downTo) || run.upgrade(downTo, null)) {
      NoTraceCheck check = new NoTraceCheck(run, new HashMap<>(), version -> null);
      check.baselines.put(downTo, run.capture());
      if (check.upToHead()) {
        check.judge(run.rollBack(downTo));
      }
    }
    run.cleanUp();
  }

  /** "Expecting a full rollback to leave no trace in ns", or the same for a rollback to downTo. */
  private static String subject(CheckRun run) {
    String downTo = run.settings().downTo();
    return MigrationRunner.BASE_VERSION.equals(downTo)
        ? "Expecting a full rollback to leave no trace in " + run.ns()
        : "Expecting a rollback from head (%s) to %s to leave no trace in %s"
            .formatted(run.head(), downTo, run.ns());
  }

  /** Whether downTo is 0000, the start's version or a known version; a failure when not. */
  static boolean knowsDownTo(CheckRun run) {
    String downTo = run.settings().downTo();
    if (MigrationRunner.BASE_VERSION.equals(downTo)
        || run.start().version().equals(downTo)
        || run.has(downTo)) {
      return true;
    }
    run.fail(subject(run) + ", but no migration has version " + downTo);
    return false;
  }

  /**
   * The versions whose shape is a baseline: downTo unless it is 0000, and the allowed irreversible
   * versions above it, in order.
   */
  static List<String> baselineVersions(CheckRun run) {
    String downTo = run.settings().downTo();
    return Stream.concat(
            Stream.of(downTo).filter(v -> !MigrationRunner.BASE_VERSION.equals(v)),
            new TreeSet<>(run.settings().allowedIrreversible())
                .stream().filter(v -> run.has(v) && v.compareTo(downTo) > 0))
        .toList();
  }

  /** Up to head, recording the shape at each allowed irreversible version on the way. */
  private boolean upToHead() {
    for (String version : baselineVersions(run)) {
      if (!baselines.containsKey(version)) {
        if (!run.upgrade(version, null)) {
          return false;
        }
        baselines.put(version, run.capture());
      }
    }
    return run.upgrade(null, null);
  }

  /**
   * Where a walk below an allowed irreversible version, up to the version below it and back down to
   * downTo, left its fresh namespace.
   *
   * @param left the namespace's shape then
   * @param stop why the walk down stopped above downTo, or null
   */
  record Below(NamespaceTables left, CheckRun.Stop stop) {}

  /**
   * Judges the namespace after the rollback from head to downTo. When an allowed irreversible
   * version stopped it, the versions below that one are walked too, from a fresh namespace (see
   * {@link #walkBelow}), so that one irreversible version hides none below it.
   *
   * @param stop why the rollback stopped early, or null
   */
  void judge(CheckRun.Stop stop) {
    Walk walk = new Walk("migrating to head (" + run.head() + ")", run.head(), stop);
    CheckRun.Stop irreversible = judge(walk, run.capture());
    while (irreversible != null) {
      irreversible = walkBelow(irreversible.version());
    }
  }

  /** One walk down to downTo: where it started, from which version, and why it stopped. */
  private record Walk(String from, String top, CheckRun.Stop stop) {}

  /**
   * Judges one walk down by the shape it left.
   *
   * @return the allowed irreversible version that stopped the walk above downTo, or null
   */
  private CheckRun.Stop judge(Walk walk, NamespaceTables left) {
    String subject = subject(run);
    String downTo = run.settings().downTo();
    String reached = downTo;
    CheckRun.Stop stop = walk.stop();
    if (stop != null) {
      if (stop.irreversible() && !run.settings().allowedIrreversible().contains(stop.version())) {
        run.failAt(
            stop.version(),
            subject + ", but " + run.label(stop.version()) + " is irreversible: " + stop.reason());
        return null;
      }
      run.reportStop(
          stop,
          "the rollback stopped there and was compared with the state recorded there; the"
              + " versions below it were walked from a fresh namespace");
      if (!stop.irreversible()) {
        return null;
      }
      reached = stop.version();
    }
    List<String> covered = between(reached, walk.top());
    covered.forEach(run::cover);
    StateChanges diff = StateChanges.between(run.ns(), baselines.get(reached), left);
    String where = "after " + walk.from() + " and rolling back to " + downTo;
    if (!reached.equals(downTo)) {
      where += ", which stops at irreversible " + run.label(reached) + ",";
    }
    if (!diff.isEmpty()) {
      run.failAt(
          covered,
          "%s, but %s %s:\n%s"
              .formatted(subject, where, summary(diff), diff.describeTables(diff.changedTables())));
    }
    run.reportDrift(null, "a rollback to " + downTo, where, diff);
    return reached.equals(downTo) ? null : stop;
  }

  /**
   * Walks the versions below an allowed irreversible version that stopped a rollback: in a fresh
   * namespace of its own, up to the version below it, then down to downTo, judged as the first walk
   * was.
   *
   * @return the allowed irreversible version that stopped this walk above downTo, or null
   */
  private CheckRun.Stop walkBelow(String irreversible) {
    String downTo = run.settings().downTo();
    List<String> below = between(downTo, irreversible);
    below.remove(irreversible);
    if (below.isEmpty()) {
      return null;
    }
    String top = below.get(below.size() - 1);
    String from =
        "migrating a fresh namespace to %s (below irreversible %s)"
            .formatted(top, run.label(irreversible));
    Below done = walked.apply(irreversible);
    if (done != null) {
      return judge(new Walk(from, top, done.stop()), done.left());
    }
    try (ScratchNamespace scratch = ScratchNamespace.open(run, "below" + irreversible, false)) {
      RuntimeException failure = CheckRun.migrate(scratch.runner(), top);
      if (failure != null) {
        run.reportUpgradeFailure(
            failure,
            top,
            "to upgrade a fresh namespace (%s) to %s, below irreversible %s"
                .formatted(scratch.namespace(), top, irreversible));
        return null;
      }
      Walk walk = new Walk(from, top, CheckRun.rollBack(scratch.runner(), downTo));
      return judge(walk, scratch.capture());
    }
  }

  /** The versions above {@code low}, up to and including {@code high}, in order. */
  private List<String> between(String low, String high) {
    return run.migrations().stream()
        .map(m -> m.version())
        .filter(v -> v.compareTo(low) > 0 && v.compareTo(high) <= 0)
        .collect(Collectors.toCollection(ArrayList::new));
  }

  /** "it left ns.audit behind and changed ns.orders". */
  private static String summary(StateChanges diff) {
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
