package dev.icebergops.state;

import dev.icebergops.migration.TableNames;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.NoSuchViewException;
import org.apache.iceberg.view.BaseView;
import org.apache.iceberg.view.ViewMetadata;

/**
 * The state of every table and view of one namespace at one moment, by name (without namespace).
 *
 * <pre>{@code
 * NamespaceTables before = NamespaceTables.capture(catalog, "sales");
 * runner.migrate("0004");
 * runner.rollbackTo("0003");
 * List<TableDiff> diff = StateDiff.between(before.states(), NamespaceTables.capture(catalog, "sales").states());
 * }</pre>
 *
 * @param namespace the namespace captured
 * @param states the states by table name, sorted
 */
public record NamespaceTables(String namespace, SortedMap<String, TableState> states) {

  /** A namespace's states as given, copied. */
  public NamespaceTables {
    states = Collections.unmodifiableSortedMap(new TreeMap<>(states));
  }

  /**
   * Captures a namespace; a namespace that does not exist has no tables.
   *
   * @param catalog the catalog
   * @param namespace the namespace, dotted for nested ones
   * @return its tables' states
   */
  public static NamespaceTables capture(Catalog catalog, String namespace) {
    return capture(catalog, namespace, (name, table) -> {});
  }

  /**
   * Captures a namespace and hands each table it loaded to {@code loaded}.
   *
   * @param loaded told the name (without namespace) and the table of each table captured
   */
  public static NamespaceTables capture(
      Catalog catalog, String namespace, BiConsumer<String, Table> loaded) {
    Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(namespace, "namespace");
    SortedMap<String, TableState> tables = new TreeMap<>();
    for (TableIdentifier id : listTables(catalog, namespace)) {
      try {
        Table table = catalog.loadTable(id);
        tables.put(id.name(), TableState.of(id.name(), table));
        loaded.accept(id.name(), table);
      } catch (NoSuchTableException e) {
        // dropped between listing and loading: not part of the namespace
      }
    }
    views(catalog, TableNames.namespace(namespace))
        .forEach((id, view) -> tables.put(id.name(), TableState.of(id.name(), view)));
    return new NamespaceTables(namespace, tables);
  }

  /**
   * The state of a namespace whose tables and views the caller has just made, and so has in hand:
   * no request.
   *
   * @param tables its tables' current metadata, by name without namespace
   * @param views its views' current metadata, by name without namespace
   * @return their states
   */
  public static NamespaceTables of(
      String namespace, Map<String, TableMetadata> tables, Map<String, ViewMetadata> views) {
    SortedMap<String, TableState> states = new TreeMap<>();
    tables.forEach((name, table) -> states.put(name, TableState.of(name, table)));
    views.forEach((name, view) -> states.put(name, TableState.of(name, view)));
    return new NamespaceTables(namespace, states);
  }

  /**
   * The namespace's tables, as the catalog lists them.
   *
   * @return the tables' identifiers, none when the namespace does not exist
   */
  public static List<TableIdentifier> listTables(Catalog catalog, String namespace) {
    try {
      return catalog.listTables(TableNames.namespace(namespace));
    } catch (NoSuchNamespaceException e) {
      return List.of();
    }
  }

  /**
   * The metadata of a namespace's views, by identifier; none when the catalog serves no views.
   *
   * @param catalog the catalog
   * @param namespace the namespace
   * @return the views' current metadata, sorted by name
   */
  public static SortedMap<TableIdentifier, ViewMetadata> views(
      Catalog catalog, Namespace namespace) {
    SortedMap<TableIdentifier, ViewMetadata> found =
        new TreeMap<>(Comparator.comparing(TableIdentifier::toString));
    if (!(catalog instanceof ViewCatalog views)) {
      return found;
    }
    List<TableIdentifier> ids;
    try {
      ids = views.listViews(namespace);
    } catch (NoSuchNamespaceException | UnsupportedOperationException e) {
      return found; // gone meanwhile, or a catalog (a JDBC one of schema version V0) without views
    }
    for (TableIdentifier id : ids) {
      try {
        if (views.loadView(id) instanceof BaseView view) {
          found.put(id, view.operations().current());
        }
      } catch (NoSuchViewException e) {
        // dropped between listing and loading
      }
    }
    return found;
  }

  /** The table and view names, without namespace, sorted. */
  public Set<String> tables() {
    return states.keySet();
  }

  /** Whether every table exposes its metadata file, so that a commit shows as a new one. */
  public boolean showsCommits() {
    return states.values().stream().allMatch(t -> t.metadataLocation() != null);
  }

  /**
   * The field ids of one table by column path.
   *
   * @return the ids by full dotted path, sorted by path; empty when the table is not there
   */
  public Map<String, Integer> fieldIds(String table) {
    Map<String, Integer> ids = new TreeMap<>();
    TableState state = states.get(table);
    if (state != null) {
      ColumnPaths.of(state.schema()).forEach(c -> ids.put(c.path(), c.field().fieldId()));
    }
    return ids;
  }

  /** The current metadata file of one table, or null when it is not there or not exposed. */
  public String metadataLocation(String table) {
    TableState state = states.get(table);
    return state == null ? null : state.metadataLocation();
  }

  /**
   * What identifies one table's rows: {@code <uuid>@<snapshot id>} ({@code none} before the first
   * snapshot), or null when the table is not there.
   */
  public String rows(String table) {
    TableState state = states.get(table);
    return state == null
        ? null
        : state.uuid() + "@" + (state.snapshotId() == null ? "none" : state.snapshotId());
  }

  @Override
  public String toString() {
    return "NamespaceTables{" + namespace + ", tables=" + states.keySet() + "}";
  }
}
