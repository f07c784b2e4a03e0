package dev.icebergops.migration;

import dev.icebergops.migration.internal.CatalogMigrationContext;
import dev.icebergops.migration.internal.StepListener;
import org.apache.iceberg.catalog.Catalog;

/** Makes a {@link MigrationContext} outside a runner's run: in a test or a tool. */
public final class MigrationContexts {

  private MigrationContexts() {}

  /**
   * Binds a context to a catalog and a namespace, outside a runner's run (in a test, say): its
   * helpers change the catalog's tables directly and record nothing in the history.
   *
   * <pre>{@code
   * MigrationContext ctx = MigrationContexts.of(catalog, "sales");
   * ctx.enforceColumn("orders", "region", "string");
   * }</pre>
   *
   * @param catalog the catalog holding the tables
   * @param namespace the namespace that bare table names are qualified with; may be nested, for
   *     example {@code "sales.eu"}
   * @return the context
   * @throws IllegalArgumentException if the catalog is null or the namespace is null or blank
   */
  public static MigrationContext of(Catalog catalog, String namespace) {
    return new CatalogMigrationContext(catalog, namespace, StepListener.NONE, null);
  }
}
