package dev.icebergops.migration.internal;

import dev.icebergops.internal.CatalogObjects;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.TableOptions;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates and drops tables, creating missing namespaces level by level. */
public final class TableLifecycle {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  private TableLifecycle() {}

  public static Table createIfNotExists(
      MigrationContext ctx, String table, Schema schema, TableOptions options) {
    TableIdentifier id = ctx.identifier(table);
    if (schema == null || options == null) {
      throw new IllegalArgumentException(
          "Cannot create table %s: the %s null"
              .formatted(id, schema == null ? "schema is" : "options are"));
    }
    if (ctx.catalog().tableExists(id)) {
      LOG.info("Table {} already exists; left unchanged", id);
      return ctx.catalog().loadTable(id);
    }
    CatalogObjects.createNamespaceIfMissing(ctx.catalog(), id.namespace());
    Catalog.TableBuilder builder = ctx.catalog().buildTable(id, schema);
    if (options.partitionSpec() != null) {
      builder.withPartitionSpec(options.partitionSpec());
    }
    if (options.sortOrder() != null) {
      builder.withSortOrder(options.sortOrder());
    }
    if (!options.properties().isEmpty()) {
      builder.withProperties(options.properties());
    }
    if (options.location() != null) {
      builder.withLocation(options.location());
    }
    return CatalogObjects.createTableOrLoad(
        ctx.catalog(),
        id,
        () -> {
          Table created = builder.create();
          LOG.info("Created table {}", id);
          return created;
        });
  }

  public static boolean dropIfExists(MigrationContext ctx, String table) {
    TableIdentifier id = ctx.identifier(table);
    boolean dropped;
    try {
      dropped = ctx.catalog().dropTable(id, true);
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      dropped = false;
    }
    LOG.info(
        dropped ? "Dropped table {} (purged)" : "Table {} does not exist; nothing to drop", id);
    return dropped;
  }
}
