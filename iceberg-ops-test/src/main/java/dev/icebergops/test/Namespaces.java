package dev.icebergops.test;

import dev.icebergops.migration.TableNames;
import dev.icebergops.state.NamespaceTables;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.SupportsPrefixOperations;

/** Creates and drops the namespaces the extension makes. */
final class Namespaces {

  private Namespaces() {}

  static void create(Catalog catalog, String namespace) {
    ((SupportsNamespaces) catalog).createNamespace(TableNames.namespace(namespace));
  }

  /**
   * Drops every table of a namespace through the catalog's purge, and its views, then the
   * namespace; absent is fine.
   */
  static void drop(Catalog catalog, String namespace) {
    drop(catalog, namespace, null);
  }

  /**
   * Drops a namespace whose tables' files nothing outside it uses (the journey's): as {@link
   * #drop(Catalog, String)}, except that a table whose location lies under the namespace's own name
   * is dropped without a purge and its files deleted there by prefix ({@link
   * #dropByLocation(Catalog, TableIdentifier, FileIO, String)}). The purge reads every manifest and
   * deletes each file with a request of its own: on a journey's table, with a snapshot per version,
   * a second at 16 versions. A table elsewhere (a location a migration chose) is purged.
   */
  static void dropOwn(Catalog catalog, String namespace) {
    drop(catalog, namespace, "/" + namespace + "/");
  }

  /**
   * Drops a namespace whose tables' files nothing else uses, wherever they lie (the class's own
   * history): as {@link #drop(Catalog, String)}, except that every table is dropped without a purge
   * and its files deleted under its location by prefix ({@link #dropByLocation(Catalog,
   * TableIdentifier, FileIO, String)}), purged only where the store cannot delete by prefix.
   *
   * @return whether the namespace existed
   */
  static boolean dropAllByLocation(Catalog catalog, String namespace) {
    return drop(catalog, namespace, "");
  }

  /**
   * Drops every table of a namespace, and its views, then the namespace.
   *
   * @param under a table whose location holds this is dropped by location ({@link #dropUnder}),
   *     every table for {@code ""}; null to purge every table
   * @return whether the namespace existed
   */
  private static boolean drop(Catalog catalog, String namespace, String under) {
    Namespace ns = TableNames.namespace(namespace);
    try {
      for (TableIdentifier table : catalog.listTables(ns)) {
        if (under == null || !dropUnder(catalog, table, under)) {
          catalog.dropTable(table, true);
        }
      }
      NamespaceTables.views(catalog, ns).keySet().forEach(((ViewCatalog) catalog)::dropView);
      ((SupportsNamespaces) catalog).dropNamespace(ns);
      return true;
    } catch (NoSuchNamespaceException e) {
      return false;
    }
  }

  /**
   * Drops a table whose location holds {@code segment} without a purge, deleting its files by
   * prefix.
   *
   * @return false, having done nothing, when its location does not or the store cannot
   */
  private static boolean dropUnder(Catalog catalog, TableIdentifier id, String segment) {
    Table table;
    try {
      table = catalog.loadTable(id);
    } catch (NoSuchTableException e) {
      return true; // gone meanwhile
    }
    return (table.location() + "/").contains(segment)
        && dropByLocation(catalog, id, table.io(), table.location());
  }

  /**
   * Drops a table whose files all lie under {@code location}, and deletes them there in bulk: where
   * the store lists by prefix, rather than through the catalog's purge, which reads the table's
   * metadata and manifests again and deletes each file with a request of its own.
   *
   * <p>A table that no longer exists is left alone, its location included: a test that dropped or
   * renamed it decided where its files go.
   *
   * @return false, having done nothing, when {@code io} cannot delete by prefix
   */
  static boolean dropByLocation(
      Catalog catalog, TableIdentifier table, FileIO io, String location) {
    if (!(io instanceof SupportsPrefixOperations files)) {
      return false;
    }
    if (catalog.dropTable(table, false)) {
      files.deletePrefix(location + "/");
    }
    return true;
  }

  /** The table {@code table} of {@code namespace}. */
  static TableIdentifier table(String namespace, String table) {
    return TableIdentifier.of(TableNames.namespace(namespace), table);
  }
}
