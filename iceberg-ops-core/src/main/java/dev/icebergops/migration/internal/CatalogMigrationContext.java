package dev.icebergops.migration.internal;

import dev.icebergops.internal.HeldChanges;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.PartitionFieldSpec;
import dev.icebergops.migration.SortColumn;
import dev.icebergops.migration.StagedData;
import dev.icebergops.migration.TableNames;
import dev.icebergops.migration.TableOptions;
import dev.icebergops.schema.EnforceOptions;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.schema.SchemaEvolutionHelper;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.view.View;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link MigrationContext} of a catalog and a namespace: each helper is one step, told to a
 * {@link StepListener} (the runner records the steps of a run). Internal, not API: migrations see
 * the {@link MigrationContext} interface, and code outside a run makes one with {@link
 * MigrationContexts#of}.
 */
public final class CatalogMigrationContext implements MigrationContext {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  private final Catalog catalog;
  private final String namespace;
  private final StepListener steps;
  private final String version;

  /** How deep the helper calls are nested: only the outermost helper is a step. */
  private int depth;

  /**
   * Binds a context to a catalog and a namespace, telling a listener about each helper step (the
   * runner records them).
   *
   * @param catalog the catalog holding the tables
   * @param namespace the namespace that bare table names are qualified with
   * @param steps told before and after each helper step
   * @param version the version the context runs (for one version's upgrade or downgrade), which
   *     {@link #restoreSchemaBeforeUpgrade} reads the record of; null outside a run
   * @throws IllegalArgumentException if the catalog or listener is null or the namespace is null or
   *     blank
   */
  public CatalogMigrationContext(
      Catalog catalog, String namespace, StepListener steps, String version) {
    this.version = version;
    if (steps == null) {
      throw new IllegalArgumentException("Cannot create migration context: the listener is null");
    }
    this.steps = steps;
    if (catalog == null) {
      throw new IllegalArgumentException("Cannot create migration context: the catalog is null");
    }
    if (namespace == null || namespace.isBlank()) {
      throw new IllegalArgumentException("Cannot create migration context: the namespace is empty");
    }
    this.catalog = catalog;
    this.namespace = namespace;
  }

  @Override
  public Catalog catalog() {
    return catalog;
  }

  @Override
  public String namespace() {
    return namespace;
  }

  // --- table names ------------------------------------------------------------------------------

  @Override
  public String qualified(String name) {
    return TableNames.qualify(namespace, name);
  }

  // --- table lifecycle --------------------------------------------------------------------------

  @Override
  public Table createTableIfNotExists(String table, Schema schema, TableOptions options) {
    return step(
        "create table " + label(table),
        () -> TableLifecycle.createIfNotExists(this, table, schema, options));
  }

  @Override
  public boolean dropTableIfExists(String table) {
    return step("drop table " + label(table), () -> TableLifecycle.dropIfExists(this, table));
  }

  @Override
  public Table loadTable(String table) {
    return catalog.loadTable(identifier(table));
  }

  // --- views ------------------------------------------------------------------------------------

  @Override
  public View createViewIfNotExists(String view, Schema schema, String dialect, String sql) {
    // a null dialect or query is refused, named, as an empty one
    Map<String, String> query = Map.of(dialect == null ? "" : dialect, sql == null ? "" : sql);
    return step(
        "create view " + label(view),
        () -> ViewChanges.createIfNotExists(this, view, schema, query));
  }

  @Override
  public View createCompatibilityView(String table, String view, Map<String, String> renamed) {
    return step(
        "create compatibility view " + label(view) + " of " + label(table),
        () -> ViewChanges.createCompatibilityView(this, table, view, renamed));
  }

  @Override
  public View replaceView(String view, Schema schema, String dialect, String sql) {
    return step(
        "replace view " + label(view),
        () -> ViewChanges.replace(this, view, schema, dialect, sql, version));
  }

  @Override
  public boolean dropViewIfExists(String view) {
    return step("drop view " + label(view), () -> ViewChanges.dropIfExists(this, view));
  }

  @Override
  public void restoreViewBeforeUpgrade(String view) {
    run(
        "restore view " + label(view) + " from before the upgrade",
        () -> ViewChanges.restoreBeforeUpgrade(this, view, version));
  }

  // --- columns ----------------------------------------------------------------------------------

  @Override
  public void addColumn(
      String table,
      String column,
      Type type,
      String doc,
      Literal<?> initialDefault,
      Literal<?> writeDefault) {
    run(
        "add column " + label(table) + "." + column,
        () -> ColumnAdd.add(this, table, column, type, doc, false, initialDefault, writeDefault));
  }

  @Override
  public void addRequiredColumn(
      String table,
      String column,
      Type type,
      String doc,
      Literal<?> initialDefault,
      Literal<?> writeDefault) {
    run(
        "add required column " + label(table) + "." + column,
        () -> ColumnAdd.add(this, table, column, type, doc, true, initialDefault, writeDefault));
  }

  @Override
  public void enforceColumn(String table, String column, Type type, EnforceOptions options) {
    run(
        "enforce column " + label(table) + "." + column + " as " + type,
        () -> getHelper(table).enforceColumn(column, type, options));
  }

  @Override
  public void enforceRename(
      String table, String oldName, String newName, String doc, SchemaContract contract) {
    run(
        "rename column " + label(table) + "." + oldName + " to " + newName,
        () -> getHelper(table).enforceRename(oldName, newName, doc, contract));
  }

  @Override
  public void updateColumnDoc(String table, String column, String doc) {
    run(
        "update doc of column " + label(table) + "." + column,
        () -> getHelper(table).updateColumnDoc(column, doc));
  }

  @Override
  public void deleteColumn(String table, String column) {
    run("delete column " + label(table) + "." + column, () -> delete(table, column));
  }

  private void delete(String table, String column) {
    String name = qualified(table);
    ColumnAdd.checkColumnName("delete", name, column);
    Table loaded = loadTable(table);
    if (loaded.schema().findField(column) == null) {
      throw new IllegalArgumentException(
          String.format("Cannot delete column %s.%s: it does not exist", name, column));
    }
    loaded.updateSchema().deleteColumn(column).commit();
    LOG.info("Deleted column {}.{}", name, column);
  }

  // --- layout -----------------------------------------------------------------------------------

  @Override
  public void updatePartitionSpec(
      String table, List<PartitionFieldSpec> addFields, List<String> removeFields) {
    run(
        "update partition spec of " + label(table),
        () -> LayoutChanges.updatePartitionSpec(this, table, addFields, removeFields));
  }

  @Override
  public void replaceSortOrder(String table, List<SortColumn> sortColumns) {
    run(
        "replace sort order of " + label(table),
        () -> LayoutChanges.replaceSortOrder(this, table, sortColumns));
  }

  // --- properties -------------------------------------------------------------------------------

  @Override
  public void setTableProperties(String table, Map<String, String> properties) {
    String format = properties == null ? null : properties.get(TableProperties.FORMAT_VERSION);
    if (format != null) { // the one step that records the version irreversible
      upgradeFormatVersion(table, PropertyChanges.formatVersionOf(label(table), format));
    }
    if (format == null || properties.size() > 1) {
      run("set properties of " + label(table), () -> PropertyChanges.set(this, table, properties));
    }
  }

  @Override
  public void unsetTableProperties(String table, Collection<String> keys) {
    run("unset properties of " + label(table), () -> PropertyChanges.unset(this, table, keys));
  }

  @Override
  public void setCompactionTargetSize(String table, long targetMb) {
    run(
        "set compaction target size of " + label(table),
        () -> PropertyChanges.compactionTargetSize(this, table, targetMb));
  }

  @Override
  public void setSnapshotRetention(String table, Integer minSnapshots, Duration maxSnapshotAge) {
    run(
        "set snapshot retention of " + label(table),
        () -> PropertyChanges.snapshotRetention(this, table, minSnapshots, maxSnapshotAge));
  }

  @Override
  public void upgradeFormatVersion(String table, int formatVersion) {
    run(
        PropertyChanges.FORMAT_VERSION_STEP + label(table) + " to " + formatVersion,
        () -> PropertyChanges.formatVersion(this, table, formatVersion));
  }

  // --- helpers ----------------------------------------------------------------------------------

  @Override
  public SchemaEvolutionHelper getHelper(String table) {
    return SchemaEvolutionHelper.load(catalog, identifier(table));
  }

  @Override
  public void restoreSchema(String table, int schemaId) {
    run(
        "restore schema " + schemaId + " of " + label(table),
        () -> SchemaRestore.restore(this, table, schemaId));
  }

  @Override
  public void publishChanges() {
    if (catalog instanceof HeldChanges held) {
      held.publishHeldChanges();
    }
  }

  @Override
  public void stageData(String table, StagedData step) {
    StagedStep staged = new StagedStep(this, this::run, table, version, step);
    if (!steps.leavesOut(staged.previewNote())) {
      staged.run();
    }
  }

  @Override
  public void restoreSchemaBeforeUpgrade(String table) {
    run(
        "restore the schema of " + label(table) + " from before the upgrade",
        () -> SchemaRestore.restoreBeforeUpgrade(this, table, version));
  }

  private void run(String step, Runnable change) {
    run(step, change, false);
  }

  private void run(String step, Runnable change, boolean ownCode) {
    step(
        step,
        () -> {
          change.run();
          return null;
        },
        ownCode);
  }

  /** A table's name for a step's description; never throws (the helper reports bad names). */
  private String label(String table) {
    return table == null || table.isBlank() ? String.valueOf(table) : qualified(table);
  }

  /** Runs a helper as one step: the listener hears of the outermost helper only. */
  private <T> T step(String step, Supplier<T> change) {
    return step(step, change, false);
  }

  /**
   * Runs a helper as one step, or the migration's own code ({@code ownCode}, which no time bound
   * limits) as one.
   */
  private <T> T step(String step, Supplier<T> change, boolean ownCode) {
    boolean outermost = depth++ == 0;
    try {
      if (outermost && ownCode) {
        steps.beforeOwnCodeStep(step);
      } else if (outermost) {
        steps.beforeStep(step);
      }
      T result = change.get();
      if (outermost) {
        steps.afterStep(step);
      }
      return result;
    } finally {
      depth--;
    }
  }

  @Override
  public String toString() {
    return "MigrationContext{catalog=" + catalog.name() + ", namespace=" + namespace + "}";
  }
}
