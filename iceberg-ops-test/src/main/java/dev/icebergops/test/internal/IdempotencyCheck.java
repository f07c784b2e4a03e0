package dev.icebergops.test.internal;

import static java.util.stream.Collectors.joining;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.NamespaceTables;
import java.util.List;
import java.util.TreeSet;

/** For each version: upgrade() run again on its own result must commit nothing, change nothing. */
final class IdempotencyCheck {

  private IdempotencyCheck() {}

  /** Runs each version's upgrade twice, from the start (see {@link CheckRun#fromStart}). */
  static void walk(CheckRun run) {
    for (ResolvedMigration migration : run.migrations()) {
      if (!run.upgrade(migration.version(), null)) {
        break;
      }
      run.cover(migration.version());
      again(run, migration, run.capture());
    }
  }

  /**
   * Runs the version's upgrade() again on its own result and reports what that changed.
   *
   * @param before the shape of the namespace right after the version's upgrade
   * @return whether it committed nothing
   */
  static boolean again(CheckRun run, ResolvedMigration migration, NamespaceTables before) {
    String subject =
        "Expecting upgrade() of %s to be idempotent, but running it again on its own result"
            .formatted(run.label(migration.version()));
    try {
      migration
          .migration()
          .upgrade(RunnerSeam.versionContext(run.runner(), migration.version(), true));
    } catch (Exception e) {
      run.failAt(migration.version(), subject + " threw " + e);
      return StateChanges.between(run.ns(), before, run.capture()).committedTables().isEmpty();
    }
    StateChanges diff = StateChanges.between(run.ns(), before, run.capture());
    TreeSet<String> touched = new TreeSet<>(diff.changedTables());
    touched.addAll(diff.committedTables());
    if (touched.isEmpty()) {
      return true;
    }
    String tables =
        touched.size() == 1
            ? "\n  " + lines(diff, touched.first())
            : touched.stream().map(t -> "\n" + t + ":\n  " + lines(diff, t)).collect(joining());
    run.failAt(
        migration.version(), subject + " changed " + String.join(", ", touched) + ":" + tables);
    return false;
  }

  private static String lines(StateChanges diff, String table) {
    List<String> changes = diff.changes(table);
    return changes.isEmpty()
        ? "committed a new metadata version without changing the schema"
        : String.join("\n  ", changes);
  }
}
