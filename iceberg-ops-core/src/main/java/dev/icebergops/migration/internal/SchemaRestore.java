package dev.icebergops.migration.internal;

import dev.icebergops.migration.MigrationContext;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortField;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes an earlier schema of a table current again, refusing when the layout needs newer columns.
 */
public final class SchemaRestore {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  private SchemaRestore() {}

  public static void restore(MigrationContext ctx, String table, int schemaId) {
    String name = ctx.qualified(table);
    Table loaded = ctx.loadTable(table);
    if (!(loaded instanceof HasTableOperations hasOps)) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot restore schema %d of %s: the table (%s) does not expose its"
                  + " TableOperations",
              schemaId, name, loaded.getClass().getName()));
    }
    TableOperations ops = hasOps.operations();
    TableMetadata base = ops.refresh();
    if (base.currentSchemaId() == schemaId) {
      LOG.info("Schema {} of {} is already current; nothing to restore", schemaId, name);
      return;
    }
    Schema target = base.schemasById().get(schemaId);
    if (target == null) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot restore schema %d of %s: the table has no such schema (schema ids: %s)",
              schemaId, name, new TreeSet<>(base.schemasById().keySet())));
    }
    List<String> references = missingReferences(base, target);
    if (!references.isEmpty()) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot restore schema %d of %s: schema %d lacks columns that %s reference(s);"
                  + " change those first",
              schemaId, name, schemaId, String.join(", ", references)));
    }
    ops.commit(base, TableMetadata.buildFrom(base).setCurrentSchema(schemaId).build());
    LOG.info("Restored schema {} of {} (was schema {})", schemaId, name, base.currentSchemaId());
  }

  /** What in the current layout references a field that the target schema lacks. */
  private static List<String> missingReferences(TableMetadata base, Schema target) {
    Schema current = base.schema();
    List<String> refs = new ArrayList<>();
    for (PartitionField field : base.spec().fields()) {
      if (target.findField(field.sourceId()) == null) {
        refs.add(
            String.format(
                "the partition spec (partition field %s on column %s)",
                field.name(), current.findColumnName(field.sourceId())));
      }
    }
    for (SortField field : base.sortOrder().fields()) {
      if (target.findField(field.sourceId()) == null) {
        refs.add(
            String.format("the sort order (column %s)", current.findColumnName(field.sourceId())));
      }
    }
    for (Integer id : current.identifierFieldIds()) {
      if (target.findField(id) == null) {
        refs.add(String.format("the identifier fields (column %s)", current.findColumnName(id)));
      }
    }
    return refs;
  }
}
