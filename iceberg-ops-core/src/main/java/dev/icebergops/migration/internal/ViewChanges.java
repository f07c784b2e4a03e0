package dev.icebergops.migration.internal;

import dev.icebergops.internal.CatalogObjects;
import dev.icebergops.migration.MigrationContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchViewException;
import org.apache.iceberg.types.Types.NestedField;
import org.apache.iceberg.view.BaseView;
import org.apache.iceberg.view.SQLViewRepresentation;
import org.apache.iceberg.view.View;
import org.apache.iceberg.view.ViewBuilder;
import org.apache.iceberg.view.ViewMetadata;
import org.apache.iceberg.view.ViewOperations;
import org.apache.iceberg.view.ViewRepresentation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates, replaces, drops and restores Iceberg views; a replace in a version's upgrade records, in
 * a view property ({@link #BEFORE_UPGRADE} and the version), the view version it replaced, which
 * that version's downgrade makes current again and removes.
 */
public final class ViewChanges {

  /**
   * The prefix of the property that records a view's version before a version's upgrade: {@code
   * iceberg-ops.view-version-before-upgrade.0004 = 1}. Not part of a view's shape.
   */
  public static final String BEFORE_UPGRADE = "iceberg-ops.view-version-before-upgrade.";

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  private ViewChanges() {}

  /** Creates a view reading the queries (SQL by dialect), or loads the existing one. */
  public static View createIfNotExists(
      MigrationContext ctx, String view, Schema schema, Map<String, String> queries) {
    TableIdentifier id = ctx.identifier(view);
    ViewCatalog views = views(ctx, "create", id);
    queries.forEach((dialect, sql) -> checkDefinition("create", id, schema, dialect, sql));
    if (views.viewExists(id)) {
      LOG.info("View {} already exists; left unchanged", id);
      return views.loadView(id);
    }
    CatalogObjects.createNamespaceIfMissing(ctx.catalog(), id.namespace());
    ViewBuilder builder = builder(views, id, schema);
    queries.forEach(builder::withQuery);
    View created = builder.create();
    LOG.info("Created view {}", id);
    return created;
  }

  /**
   * Creates a view of every top-level column of {@code table} under its name before the renames
   * ({@code renamed}: old name to new name), in Spark's and Trino's SQL, or loads the existing one.
   */
  public static View createCompatibilityView(
      MigrationContext ctx, String table, String view, Map<String, String> renamed) {
    String name = ctx.qualified(table);
    String what = "Cannot create compatibility view " + ctx.qualified(view) + " of " + name;
    if (renamed == null || renamed.isEmpty()) {
      throw new IllegalArgumentException(what + ": no renamed column is given");
    }
    Schema schema = ctx.loadTable(table).schema();
    Map<String, String> oldNames = new LinkedHashMap<>();
    renamed.forEach(
        (oldName, newName) -> {
          if (schema.findField(newName) == null || newName.contains(".")) {
            throw new IllegalArgumentException(what + ": it has no top-level column " + newName);
          }
          if (schema.findField(oldName) != null) {
            throw new IllegalArgumentException(
                what + ": column " + oldName + " is still there; rename it first");
          }
          oldNames.put(newName, oldName);
        });
    List<NestedField> columns =
        schema.columns().stream()
            .map(
                c ->
                    NestedField.from(c).withName(oldNames.getOrDefault(c.name(), c.name())).build())
            .toList();
    // in the view's own namespace the table goes by its bare name, as in each copy of it
    TableIdentifier id = ctx.identifier(table);
    boolean bare = id.namespace().equals(ctx.identifier(view).namespace());
    Map<String, String> queries = new LinkedHashMap<>();
    queries.put("spark", select(schema, oldNames, id, bare, '`'));
    queries.put("trino", select(schema, oldNames, id, bare, '"'));
    return createIfNotExists(ctx, view, new Schema(columns), queries);
  }

  /** {@code SELECT} each column, as its old name if renamed, {@code FROM} the table. */
  private static String select(
      Schema schema, Map<String, String> oldNames, TableIdentifier table, boolean bare, char q) {
    List<String> parts = new ArrayList<>(bare ? List.of() : List.of(table.namespace().levels()));
    parts.add(table.name());
    return "SELECT "
        + schema.columns().stream()
            .map(NestedField::name)
            .map(c -> q + c + q + (oldNames.containsKey(c) ? " AS " + q + oldNames.get(c) + q : ""))
            .collect(Collectors.joining(", "))
        + " FROM "
        + String.join(".", parts.stream().map(p -> q + p + q).toList());
  }

  public static View replace(
      MigrationContext ctx,
      String view,
      Schema schema,
      String dialect,
      String sql,
      String version) {
    TableIdentifier id = ctx.identifier(view);
    ViewCatalog views = views(ctx, "replace", id);
    checkDefinition("replace", id, schema, dialect, sql);
    View current = load(views, id, "replace");
    List<ViewRepresentation> queries = current.currentVersion().representations();
    if (current.schema().asStruct().equals(schema.asStruct())
        && queries.size() == 1
        && queries.get(0) instanceof SQLViewRepresentation query
        && query.dialect().equalsIgnoreCase(dialect)
        && query.sql().equals(sql)) {
      LOG.info("View {} already reads this query; left unchanged", id);
      return current;
    }
    ViewBuilder builder = builder(views, id, schema).withQuery(dialect, sql);
    if (version != null && !current.properties().containsKey(BEFORE_UPGRADE + version)) {
      builder.withProperty(
          BEFORE_UPGRADE + version, String.valueOf(current.currentVersion().versionId()));
    }
    View replaced = builder.replace();
    LOG.info(
        "Replaced view {}: version {} (was {})",
        id,
        replaced.currentVersion().versionId(),
        current.currentVersion().versionId());
    return replaced;
  }

  public static boolean dropIfExists(MigrationContext ctx, String view) {
    TableIdentifier id = ctx.identifier(view);
    boolean dropped;
    try {
      dropped = views(ctx, "drop", id).dropView(id);
    } catch (NoSuchViewException | NoSuchNamespaceException e) {
      dropped = false;
    }
    LOG.info(dropped ? "Dropped view {}" : "View {} does not exist; nothing to drop", id);
    return dropped;
  }

  /** Makes the view version from before {@code version}'s upgrade current, dropping its record. */
  public static void restoreBeforeUpgrade(MigrationContext ctx, String view, String version) {
    TableIdentifier id = ctx.identifier(view);
    String what = "Cannot restore view " + id + " from before the upgrade";
    if (version == null) {
      throw new IllegalArgumentException(
          what + ": this context runs no version (only a runner's downgrade knows its upgrade)");
    }
    View loaded = load(views(ctx, "restore", id), id, "restore");
    String recorded = loaded.properties().get(BEFORE_UPGRADE + version);
    if (recorded == null) {
      LOG.info(
          "View {} has no record of its version before the upgrade of {}: restored already, or"
              + " not replaced by it; left unchanged",
          id,
          version);
      return;
    }
    if (!(loaded instanceof BaseView base)) {
      throw new IllegalArgumentException(
          what + ": the view (" + loaded.getClass().getName() + ") does not expose its operations");
    }
    ViewOperations ops = base.operations();
    ViewMetadata metadata = ops.refresh();
    int versionId = Integer.parseInt(recorded);
    ops.commit(
        metadata,
        ViewMetadata.buildFrom(metadata)
            .setCurrentVersionId(versionId)
            .removeProperties(Set.of(BEFORE_UPGRADE + version))
            .build());
    LOG.info("Restored version {} of view {} (was {})", versionId, id, metadata.currentVersionId());
  }

  /** A new definition of the view, in the view's own namespace. */
  private static ViewBuilder builder(ViewCatalog views, TableIdentifier id, Schema schema) {
    return views.buildView(id).withSchema(schema).withDefaultNamespace(id.namespace());
  }

  private static View load(ViewCatalog views, TableIdentifier id, String verb) {
    try {
      return views.loadView(id);
    } catch (NoSuchViewException e) {
      throw new NoSuchViewException("Cannot %s view %s: it does not exist", verb, id);
    }
  }

  private static ViewCatalog views(MigrationContext ctx, String verb, TableIdentifier id) {
    if (ctx.catalog() instanceof ViewCatalog views) {
      return views;
    }
    throw new IllegalArgumentException(
        String.format(
            "Cannot %s view %s: catalog %s (%s) does not implement ViewCatalog",
            verb, id, ctx.catalog().name(), ctx.catalog().getClass().getName()));
  }

  private static void checkDefinition(
      String verb, TableIdentifier id, Schema schema, String dialect, String sql) {
    String missing =
        schema == null
            ? "schema"
            : dialect == null || dialect.isBlank()
                ? "dialect"
                : sql == null || sql.isBlank() ? "query" : null;
    if (missing != null) {
      throw new IllegalArgumentException(
          String.format("Cannot %s view %s: the %s is empty", verb, id, missing));
    }
  }
}
