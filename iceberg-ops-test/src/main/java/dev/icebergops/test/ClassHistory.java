package dev.icebergops.test;

import dev.icebergops.migration.TableNames;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The history table that the tests of one class share, each test's rows under its own namespace:
 * created by the first runner that writes to it (a copy of a template stores the template's rows
 * with its first write only, see {@link TemplateCopyStart}), and dropped with its namespace and
 * every test's rows when the class ends (as a resource of the class's {@link ClassState}). A test's
 * rows stay until then: deleting them when its namespace is dropped would cost each test a commit.
 * A meta-namespace a builder supplied is shared, never cleared nor dropped.
 */
final class ClassHistory implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(SuiteLog.NAME);

  private final Catalog catalog;
  private final String metaNamespace;
  private final boolean owned;

  /**
   * The history namespace a builder supplied, which outlives the class, or else one of the class's
   * own, {@code <prefix>_history_<random>}.
   */
  ClassHistory(Catalog catalog, SuiteConfig config) {
    this.catalog = catalog;
    this.owned = config.metaNamespace() == null;
    this.metaNamespace = owned ? config.uniqueName("history") : config.metaNamespace();
  }

  /** The namespace of the history table. */
  String metaNamespace() {
    return metaNamespace;
  }

  /**
   * Whether the class owns the history table: then it is dropped when the class ends, and the rows
   * of a test's namespace go with it.
   */
  boolean owned() {
    return owned;
  }

  /** Drops the class's own history table and its namespace, when the class owns them. */
  @Override
  public void close() {
    if (!owned) {
      return;
    }
    long start = System.nanoTime();
    Namespace ns = TableNames.namespace(metaNamespace);
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
    if (!Namespaces.dropByLocation(catalog, id, table.io(), table.location())) {
      catalog.dropTable(id, true);
    }
  }
}
