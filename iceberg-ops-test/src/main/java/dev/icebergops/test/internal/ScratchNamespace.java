package dev.icebergops.test.internal;

import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.NamespaceTables;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A namespace of a check's own beside the run's ({@code <namespace>_<suffix>}), for a walk that
 * must start from empty: its history rows are deleted when it opens, and when it closes it is
 * rolled back, dropped with its tables and its history rows deleted again. What cannot be cleaned
 * up is a warning of the check, never a failure.
 *
 * <pre>{@code
 * try (ScratchNamespace scratch = ScratchNamespace.open(run, "b0250", true)) {
 *   scratch.runner().migrate("0250");
 * }
 * }</pre>
 */
final class ScratchNamespace implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ScratchNamespace.class);

  private final CheckRun run;
  private final MigrationRunner runner;

  private ScratchNamespace(CheckRun run, MigrationRunner runner) {
    this.run = run;
    this.runner = runner;
  }

  /**
   * Opens the scratch namespace {@code <run's namespace>_<suffix>}, with no history.
   *
   * @param baselines whether its runner applies baselines
   */
  static ScratchNamespace open(CheckRun run, String suffix, boolean baselines) {
    MigrationRunner runner =
        RunnerSeam.baselines(
                run.runner().toBuilder()
                    .namespace(run.runner().namespace() + "_" + suffix)
                    .onEvent(event -> {}),
                baselines)
            .build();
    RunnerSeam.forgetHistory(runner); // fresh: no history rows
    return new ScratchNamespace(run, runner);
  }

  /** The runner of the scratch namespace, reporting its steps to no one. */
  MigrationRunner runner() {
    return runner;
  }

  /** The scratch namespace's name. */
  String namespace() {
    return runner.namespace();
  }

  NamespaceTables capture() {
    return NamespaceTables.capture(runner.catalog(), runner.namespace());
  }

  /** Rolls the namespace back, drops what is left of it and deletes its history rows. */
  @Override
  public void close() {
    try {
      runner.rollbackTo(MigrationRunner.BASE_VERSION);
    } catch (RuntimeException e) {
      // an irreversible version, for one: the drop below removes what it left
      LOG.debug("Rolling back {} before dropping it: {}", namespace(), e.getMessage());
    }
    try {
      drop(runner.catalog(), namespace());
      RunnerSeam.forgetHistory(runner);
    } catch (RuntimeException e) {
      run.warn(
          "the "
              + run.check()
              + " check could not drop its fresh namespace "
              + namespace()
              + ": "
              + e);
    }
  }

  private static void drop(Catalog catalog, String namespace) {
    Namespace ns = TableNames.namespace(namespace);
    try {
      for (TableIdentifier table : catalog.listTables(ns)) {
        catalog.dropTable(table, true);
      }
      if (catalog instanceof SupportsNamespaces namespaces) {
        namespaces.dropNamespace(ns);
      }
    } catch (NoSuchNamespaceException e) {
      LOG.debug("Namespace {} was never created", namespace);
    }
  }
}
