package dev.icebergops.test.internal;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The baseline check: for each baseline {@code B<v>}, the namespace's shape after applying the
 * baseline alone, in a fresh namespace, must equal its shape after migrating the versioned chain up
 * to {@code v}. The chain's shapes come from the shared journey when it has them, otherwise from a
 * walk up the chain in the run's namespace (which must be empty); each baseline is applied in a
 * scratch namespace of its own ({@code <namespace>_b<v>}), rolled back, dropped and its history
 * rows deleted afterwards. Field ids are not compared: a baseline numbers its columns afresh.
 */
final class BaselineCheck {

  private BaselineCheck() {}

  /**
   * Runs the check on the resolved migrations.
   *
   * @param chainShapes the shape after each version's upgrade on the chain, null for a version it
   *     does not know, which a walk up the chain in the run's namespace captures
   */
  static void compareAll(CheckRun run, Function<String, NamespaceTables> chainShapes) {
    List<ResolvedMigration> baselines = run.runner().baselines();
    if (baselines.isEmpty()) {
      run.note(
          "not applicable: %s has no baseline migration (B<NNNN>__<Description>)"
              .formatted(run.runner().source().location()));
      return;
    }
    run.notCovered("the check compares baselines, and this version has none");
    Map<String, NamespaceTables> chain = new LinkedHashMap<>();
    for (ResolvedMigration baseline : baselines) {
      NamespaceTables known = chainShapes.apply(baseline.version());
      if (known != null) {
        chain.put(baseline.version(), known);
      }
    }
    if (chain.size() < baselines.size() && !walkChain(run, baselines, chain)) {
      return;
    }
    baselines.stream()
        .filter(baseline -> chain.containsKey(baseline.version()))
        .forEach(baseline -> compare(run, baseline, chain.get(baseline.version())));
  }

  /**
   * Migrates the run's namespace up the chain, capturing the shape at each baseline's version the
   * journey did not give, then rolls it back.
   *
   * @return false when the namespace was not empty
   */
  private static boolean walkChain(
      CheckRun run, List<ResolvedMigration> baselines, Map<String, NamespaceTables> chain) {
    if (!run.startsEmpty()) {
      return false;
    }
    for (ResolvedMigration baseline : baselines) {
      String version = baseline.version();
      if (chain.containsKey(version)) {
        continue;
      }
      run.cover(version);
      if (!run.upgrade(
          version, "to upgrade " + run.ns() + " on the chain up to baseline " + version)) {
        break; // the failure names the version; the baselines above it cannot be compared
      }
      chain.put(version, run.capture());
    }
    run.cleanUp();
    return true;
  }

  /** Applies the baseline alone in a scratch namespace and compares its shape with the chain's. */
  private static void compare(CheckRun run, ResolvedMigration baseline, NamespaceTables expected) {
    String version = baseline.version();
    run.cover(version);
    String label = "baseline " + version + " (" + baseline.description() + ")";
    try (ScratchNamespace scratch = ScratchNamespace.open(run, "b" + version, true)) {
      MigrationRunner fresh = scratch.runner();
      MigrationResult result;
      try {
        result = fresh.migrate(version);
      } catch (RuntimeException e) {
        run.failAt(
            version,
            "Expecting %s to apply to a fresh namespace (%s), but it failed: %s"
                .formatted(label, scratch.namespace(), e.getMessage()));
        return;
      }
      if (!result.baseline().filter(version::equals).isPresent()) {
        run.failAt(
            version,
            "Expecting migrate(%s) of the fresh namespace %s to apply %s, but it applied %s"
                .formatted(version, scratch.namespace(), label, result.versions()));
        return;
      }
      StateChanges diff = StateChanges.between(run.ns(), expected, scratch.capture());
      if (!diff.isEmpty()) {
        run.failAt(
            version,
            ("Expecting %s to build the tables that migrating 0001..%s builds, but as the"
                    + " baseline builds it (alone, in a fresh namespace), %s"
                    + "\n(added: only the baseline has it; removed: only the chain has it; a -> b:"
                    + " the chain's, then the baseline's)")
                .formatted(label, version, run.differs(diff, "what the chain builds")));
      } else {
        run.note(
            ("%s builds what migrating 0001..%s builds: a fresh namespace at %s or above starts"
                    + " from it")
                .formatted(label, version, version));
      }
      rollBack(run, fresh);
    }
  }

  /** Rolls the scratch namespace back: a baseline's downgrade that fails is a warning. */
  private static void rollBack(CheckRun run, MigrationRunner fresh) {
    try {
      fresh.rollbackTo(MigrationRunner.BASE_VERSION);
    } catch (RuntimeException e) {
      run.warn(
          ("the baseline check could not roll the fresh namespace %s back to 0000 (it is dropped"
                  + " anyway): %s")
              .formatted(fresh.namespace(), e.getMessage()));
    }
  }
}
