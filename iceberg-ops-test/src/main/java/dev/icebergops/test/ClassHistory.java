package dev.icebergops.test;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.internal.CallingThreadExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The history table that the tests of one class share, each test's rows under its own namespace:
 * created by the first runner that writes to it, cleared of a test's rows when that test's
 * namespace is dropped, and dropped with its namespace when the class ends (as a resource of the
 * class's store). A meta-namespace a builder supplied is shared, never cleared nor dropped.
 */
@SuppressWarnings("deprecation") // CloseableResource: the only way JUnit 5 before 5.13 closes
final class ClassHistory implements ExtensionContext.Store.CloseableResource, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(IcebergMigrations.class);

  /** The history table's namespace column: the table is partitioned by it. */
  private static final String NAMESPACE_COLUMN = "namespace";

  private final Catalog catalog;
  private final String metaNamespace;
  private final boolean owned;

  private ClassHistory(Catalog catalog, String metaNamespace, boolean owned) {
    this.catalog = catalog;
    this.metaNamespace = metaNamespace;
    this.owned = owned;
  }

  /** A history namespace of the class's own, {@code <prefix>_history_<random>}. */
  static ClassHistory owned(Catalog catalog, SuiteSettings settings) {
    return new ClassHistory(catalog, TestNamespace.uniqueName(settings, "history"), true);
  }

  /** The history namespace a builder supplied, which outlives the class. */
  static ClassHistory supplied(Catalog catalog, String metaNamespace) {
    return new ClassHistory(catalog, metaNamespace, false);
  }

  /** The namespace of the history table. */
  String metaNamespace() {
    return metaNamespace;
  }

  /**
   * Deletes the rows of a dropped test namespace, when the class owns the table: a delete of that
   * namespace's partition, which rewrites no data file and leaves the other tests' rows alone.
   */
  void forget(String namespace) {
    if (!owned) {
      return;
    }
    Table table;
    try {
      table = catalog.loadTable(identifier());
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      LOG.debug("History of {} was never written: {} does not exist", namespace, identifier());
      return;
    }
    Expression rows = Expressions.equal(NAMESPACE_COLUMN, namespace);
    if (!hasFiles(table, rows)) {
      LOG.debug("History of {} holds no rows: nothing to delete", namespace);
      return; // a test that ran no migration: a delete would still commit an empty snapshot
    }
    table
        .newDelete()
        .scanManifestsWith(CallingThreadExecutor.INSTANCE)
        .deleteFromRowFilter(rows)
        .commit();
  }

  private static boolean hasFiles(Table table, Expression rows) {
    try (CloseableIterable<FileScanTask> files =
        table.newScan().planWith(CallingThreadExecutor.INSTANCE).filter(rows).planFiles()) {
      return files.iterator().hasNext();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Drops the class's own history table and its namespace, when the class owns them. */
  @Override
  public void close() {
    if (!owned) {
      return;
    }
    long start = System.nanoTime();
    Namespace ns = Namespace.of(metaNamespace);
    try {
      for (TableIdentifier table : catalog.listTables(ns)) {
        drop(table);
      }
      ((SupportsNamespaces) catalog).dropNamespace(ns);
      LOG.info(
          "Dropped history namespace {} in {} ms",
          metaNamespace,
          (System.nanoTime() - start) / 1_000_000);
    } catch (NoSuchNamespaceException e) {
      LOG.debug("History namespace {} was never created", metaNamespace);
    }
  }

  /**
   * Drops a table of the class's history namespace with its files: where the store lists by prefix,
   * by deleting everything under the table's location in bulk, rather than through the catalog's
   * purge, which reads every manifest and deletes each file with a request of its own.
   */
  private void drop(TableIdentifier id) {
    Table table;
    try {
      table = catalog.loadTable(id);
    } catch (NoSuchTableException e) {
      return;
    }
    if (!(table.io() instanceof SupportsPrefixOperations files)) {
      catalog.dropTable(id, true);
      return;
    }
    catalog.dropTable(id, false);
    files.deletePrefix(table.location() + "/");
  }

  private TableIdentifier identifier() {
    return TableIdentifier.of(Namespace.of(metaNamespace), MigrationHistory.TABLE_NAME);
  }
}
