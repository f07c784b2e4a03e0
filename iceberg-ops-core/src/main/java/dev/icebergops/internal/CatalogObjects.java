package dev.icebergops.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.function.Supplier;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates namespaces and tables that concurrent runs may create at the same moment. Not every
 * catalog reports the loser of such a race as {@code AlreadyExistsException} (a JDBC catalog can
 * answer with a constraint violation, a REST server with a 500), so a failed create counts as done
 * when the object exists afterwards. Internal: not part of the public API.
 */
public final class CatalogObjects {

  private static final Logger LOG = LoggerFactory.getLogger(CatalogObjects.class);

  private CatalogObjects() {}

  /**
   * Creates a namespace and its missing parents, level by level ({@code sales}, then {@code
   * sales.eu}).
   *
   * @param catalog the catalog; must implement {@link SupportsNamespaces} for a non-empty namespace
   * @param namespace the namespace
   * @throws IllegalArgumentException if the catalog cannot create namespaces
   * @throws RuntimeException the catalog's error when a level could not be created and still does
   *     not exist
   */
  public static void createNamespaceIfMissing(Catalog catalog, Namespace namespace) {
    if (namespace.isEmpty()) {
      return;
    }
    if (!(catalog instanceof SupportsNamespaces namespaces)) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot create namespace %s: catalog %s (%s) does not implement SupportsNamespaces",
              namespace, catalog.name(), catalog.getClass().getName()));
    }
    String[] levels = namespace.levels();
    for (int depth = 1; depth <= levels.length; depth++) {
      Namespace level = Namespace.of(Arrays.copyOf(levels, depth));
      if (namespaces.namespaceExists(level)) {
        continue;
      }
      try {
        // a mutable map: RESTCatalog 1.11.0 throws NullPointerException on Map.of()
        namespaces.createNamespace(level, new HashMap<>());
        LOG.info("Created namespace {}", level);
      } catch (RuntimeException e) {
        if (!namespaces.namespaceExists(level)) {
          throw e;
        }
        LOG.debug("Namespace {} was created concurrently ({})", level, e.toString());
      }
    }
  }

  /**
   * Creates a table, or loads it when a concurrent run created it first.
   *
   * @param catalog the catalog
   * @param identifier the table
   * @param create creates the table
   * @return the created or the concurrently created table
   * @throws RuntimeException the catalog's error when the create failed and the table does not
   *     exist
   */
  public static Table createTableOrLoad(
      Catalog catalog, TableIdentifier identifier, Supplier<Table> create) {
    try {
      return create.get();
    } catch (RuntimeException e) {
      if (!catalog.tableExists(identifier)) {
        throw e;
      }
      LOG.debug("Table {} was created concurrently ({}); loading it", identifier, e.toString());
      return catalog.loadTable(identifier);
    }
  }
}
