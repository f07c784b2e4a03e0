package dev.icebergops.test;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import java.util.TreeSet;

/**
 * A test namespace migrated itself, from empty: first to {@code downTo}, where its shape is what
 * the after-test rollback must find again, then through the allowed irreversible versions on the
 * way (recording their shapes for the class) to the test's version.
 */
record MigratedStart(SuiteConfig config, IrreversibleShapes shapes, String name)
    implements NamespaceStart {

  private static final String BASE = MigrationRunner.BASE_VERSION;

  @Override
  public ReturnPoint prepare(MigrationRunner runner, String target) {
    String downTo = config.downTo();
    if (!BASE.equals(downTo)) {
      runner.migrate(downTo);
    }
    NamespaceTables baseline = NamespaceTables.capture(runner.catalog(), name);
    for (String version : new TreeSet<>(config.irreversible())) {
      if (version.compareTo(downTo) > 0 && (target == null || version.compareTo(target) <= 0)) {
        runner.migrate(version);
        shapes.record(version, () -> NamespaceTables.capture(runner.catalog(), name));
      }
    }
    if (!BASE.equals(target)) {
      runner.migrate(target);
    }
    return new ReturnPoint(downTo, () -> baseline, downTo, null);
  }

  @Override
  public String toString() {
    return "migrated itself";
  }
}
