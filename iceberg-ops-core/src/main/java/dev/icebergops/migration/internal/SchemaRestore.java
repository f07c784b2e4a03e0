package dev.icebergops.migration.internal;

import dev.icebergops.migration.MigrationContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * Makes an earlier schema of a table current again, refusing when the layout needs newer columns;
 * and keeps, per applied version, the schema a table had before that version's upgrade: the run's
 * first commit to a table in an upgrade records it in a table property, {@link #BEFORE_UPGRADE} and
 * the version, which the version's downgrade reads and removes.
 */
public final class SchemaRestore {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  /**
   * The prefix of the property that records a table's schema before a version's upgrade: {@code
   * iceberg-ops.schema-before-upgrade.0004 = 3}. Not part of a table's shape.
   */
  public static final String BEFORE_UPGRADE = "iceberg-ops.schema-before-upgrade.";

  private SchemaRestore() {}

  /**
   * The commit {@code next}, which a run's upgrade of {@code version} makes of {@code base}, with
   * the schema before that upgrade recorded in it when the table has no record of it yet.
   *
   * @param version the version whose upgrade runs, or null outside an upgrade
   * @param base the table's metadata before the commit, or null when the commit creates it
   */
  public static TableMetadata recordingSchemaBefore(
      String version, TableMetadata base, TableMetadata next) {
    if (version == null
        || base == null
        || base.properties().containsKey(BEFORE_UPGRADE + version)) {
      return next;
    }
    return TableMetadata.buildFrom(next)
        .setProperties(Map.of(BEFORE_UPGRADE + version, String.valueOf(base.currentSchemaId())))
        .build();
  }

  /** Restores the schema the table had before {@code version}'s upgrade, dropping its record. */
  public static void restoreBeforeUpgrade(MigrationContext ctx, String table, String version) {
    String name = ctx.qualified(table);
    if (version == null) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot restore the schema of %s from before the upgrade: this context runs no"
                  + " version (only a runner's downgrade knows its upgrade)",
              name));
    }
    String recorded = ctx.loadTable(table).properties().get(BEFORE_UPGRADE + version);
    if (recorded == null) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot restore the schema of %s from before the upgrade of %s: the table has no"
                  + " record of it (%s), so that upgrade changed it through no runner's context;"
                  + " use restoreSchema(table, schemaId)",
              name, version, BEFORE_UPGRADE + version));
    }
    restore(ctx, table, Integer.parseInt(recorded), BEFORE_UPGRADE + version);
  }

  public static void restore(MigrationContext ctx, String table, int schemaId) {
    restore(ctx, table, schemaId, null);
  }

  private static void restore(MigrationContext ctx, String table, int schemaId, String record) {
    String name = ctx.qualified(table);
    Table loaded = ctx.loadTable(table);
    if (!(loaded instanceof HasTableOperations hasOps)) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot restore schema %s of %s: the table (%s) does not expose its"
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
              "Cannot restore schema %s of %s: the table has no such schema (schema ids: %s)",
              schemaId, name, new TreeSet<>(base.schemasById().keySet())));
    }
    List<String> references = missingReferences(base, target);
    if (!references.isEmpty()) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot restore schema %s of %s: schema %s lacks columns that %s reference(s);"
                  + " change those first",
              schemaId, name, schemaId, String.join(", ", references)));
    }
    TableMetadata.Builder restored = TableMetadata.buildFrom(base).setCurrentSchema(schemaId);
    if (record != null) {
      restored.removeProperties(Set.of(record));
    }
    ops.commit(base, restored.build());
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
