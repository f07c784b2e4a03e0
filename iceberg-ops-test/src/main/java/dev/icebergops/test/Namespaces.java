package dev.icebergops.test;

import dev.icebergops.migration.TableNames;
import dev.icebergops.state.NamespaceTables;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates and drops the namespaces the extension makes. */
final class Namespaces {

  private static final Logger LOG = LoggerFactory.getLogger(SuiteLog.NAME);

  private Namespaces() {}

  static void create(Catalog catalog, String namespace) {
    ((SupportsNamespaces) catalog).createNamespace(TableNames.namespace(namespace));
  }

  /**
   * Drops every table of a namespace through the catalog's purge, and its views, then the
   * namespace; absent is fine.
   */
  static void drop(Catalog catalog, String namespace) {
    Namespace ns = TableNames.namespace(namespace);
    try {
      for (TableIdentifier table : catalog.listTables(ns)) {
        catalog.dropTable(table, true);
      }
      NamespaceTables.views(catalog, ns).keySet().forEach(((ViewCatalog) catalog)::dropView);
      ((SupportsNamespaces) catalog).dropNamespace(ns);
    } catch (NoSuchNamespaceException e) {
      LOG.debug("Namespace {} was never created", namespace);
    }
  }

  /** The table {@code table} of {@code namespace}. */
  static TableIdentifier table(String namespace, String table) {
    return TableIdentifier.of(TableNames.namespace(namespace), table);
  }
}
