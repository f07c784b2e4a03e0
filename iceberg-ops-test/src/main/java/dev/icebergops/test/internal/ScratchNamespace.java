package dev.icebergops.test.internal;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.MetadataCopy;
import dev.icebergops.state.NamespaceTables;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A namespace of a check's own beside the run's ({@code <namespace>_<suffix>}), for a walk that
 * must start from empty: its history rows are deleted when it opens, and when it closes it is
 * rolled back, dropped with its tables and its history rows deleted again. What cannot be cleaned
 * up is a warning of the check, never a failure. A namespace {@linkplain #registered registered}
 * from a walk's tables as they were at a version starts there instead, and shares their files: it
 * is dropped without them.
 *
 * <pre>{@code
 * try (ScratchNamespace scratch = ScratchNamespace.open(run, "b0250", true)) {
 *   scratch.runner().migrate("0250");
 * }
 * }</pre>
 *
 * @param runner the runner of the scratch namespace, reporting its steps to no one
 * @param shared whether its tables share their files with another namespace's: then dropped without
 *     them
 */
record ScratchNamespace(CheckRun run, MigrationRunner runner, boolean shared)
    implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ScratchNamespace.class);

  /**
   * Opens the scratch namespace {@code <run's namespace>_<suffix>}, with no history.
   *
   * @param baselines whether its runner applies baselines
   */
  static ScratchNamespace open(CheckRun run, String suffix, boolean baselines) {
    MigrationRunner runner =
        RunnerSeam.baselines(beside(run, suffix).onEvent(event -> {}), baselines).build();
    RunnerSeam.forgetHistory(runner); // fresh: no history rows
    return new ScratchNamespace(run, runner, false);
  }

  /**
   * Opens {@code <run's namespace>_<suffix>} at the version a walk had reached when its tables had
   * {@code metadata}: its tables registered from it, at their locations (sharing the walk's data
   * files), its history the walk's {@code rows} up to that version. Its runner reports its steps as
   * the run's does, without baselines.
   *
   * @param metadata each table's metadata then, by table name
   * @param io what writes a metadata file of each table, for this namespace
   * @return the namespace, or null when a table or a file it reads is gone (a later version of the
   *     walk dropped or expired it): nothing is left of it then
   */
  static ScratchNamespace registered(
      CheckRun run,
      String suffix,
      Map<String, TableMetadata> metadata,
      FileIO io,
      List<HistoryRecord> rows) {
    MigrationRunner runner = RunnerSeam.baselines(beside(run, suffix), false).build();
    ScratchNamespace scratch = new ScratchNamespace(run, runner, true);
    String ns = runner.namespace();
    try {
      if (runner.catalog() instanceof SupportsNamespaces namespaces) {
        namespaces.createNamespace(TableNames.namespace(ns));
      }
      for (Map.Entry<String, TableMetadata> table : metadata.entrySet()) {
        TableIdentifier id = TableIdentifier.of(TableNames.namespace(ns), table.getKey());
        String json = TableMetadataParser.toJson(table.getValue());
        readable(
            MetadataCopy.register(runner.catalog(), id, io, table.getValue().location(), json));
      }
      RunnerSeam.seedHistory(
          runner, Map.of(ns, rows.stream().map(row -> row.inNamespace(ns)).toList()));
      return scratch;
    } catch (RuntimeException e) {
      LOG.debug("Cannot register {} from the walk's tables: {}", ns, e.toString());
      scratch.close();
      return null;
    }
  }

  /** A builder of the run's runner for {@code <run's namespace>_<suffix>}. */
  private static MigrationRunner.Builder beside(CheckRun run, String suffix) {
    return run.runner().toBuilder().namespace(run.runner().namespace() + "_" + suffix);
  }

  /** Reads the table's current files, failing when one is gone. */
  private static void readable(Table table) {
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        if (!table.io().newInputFile(task.file().location()).exists()) {
          throw new IllegalStateException("Cannot read " + task.file().location() + ": it is gone");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The scratch namespace's name. */
  String namespace() {
    return runner.namespace();
  }

  NamespaceTables capture() {
    return NamespaceTables.capture(runner.catalog(), runner.namespace());
  }

  /**
   * Rolls the namespace back, drops what is left of it and deletes its history rows; a registered
   * one is dropped as it is, keeping the files it shares.
   */
  @Override
  public void close() {
    try {
      if (!shared) {
        runner.rollbackTo(MigrationRunner.BASE_VERSION);
      }
    } catch (RuntimeException e) {
      // an irreversible version, for one: the drop below removes what it left
      LOG.debug("Rolling back {} before dropping it: {}", namespace(), e.getMessage());
    }
    try {
      drop(runner.catalog(), namespace(), !shared);
      RunnerSeam.forgetHistory(runner);
    } catch (RuntimeException e) {
      run.warn(
          "the %s check could not drop its fresh namespace %s: %s"
              .formatted(run.check(), namespace(), e));
    }
  }

  private static void drop(Catalog catalog, String namespace, boolean purge) {
    Namespace ns = TableNames.namespace(namespace);
    try {
      for (TableIdentifier table : catalog.listTables(ns)) {
        Table shares = purge ? null : catalog.loadTable(table);
        catalog.dropTable(table, purge);
        if (shares instanceof HasTableOperations ops) {
          // its current metadata file is its own: written for it, or by its commits
          shares.io().deleteFile(ops.operations().current().metadataFileLocation());
        }
      }
      if (catalog instanceof SupportsNamespaces namespaces) {
        namespaces.dropNamespace(ns);
      }
    } catch (NoSuchNamespaceException e) {
      LOG.debug("Namespace {} was never created", namespace);
    }
  }
}
