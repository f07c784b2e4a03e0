package dev.icebergops.runner;

import dev.icebergops.migration.TableNames;
import dev.icebergops.redaction.Redaction;
import dev.icebergops.runner.TableChange.Kind;
import dev.icebergops.schema.FieldChange;
import dev.icebergops.state.StateDiff;
import dev.icebergops.state.TableState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import net.sf.jsqlparser.statement.select.Select;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.view.SQLViewRepresentation;
import org.apache.iceberg.view.View;
import org.apache.iceberg.view.ViewRepresentation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The views of a namespace, their SQL read once from the live catalog, and which of them a
 * version's changes break: a view whose SQL (in any of its dialects) reads a column the version
 * renames or drops, or a table it drops or renames.
 *
 * @param views each SQL representation of each view
 * @param namespace the namespace the views are read from, and its tables
 */
record ViewChecks(List<Sql> views, NamespaceView namespace) {

  private static final Logger LOG = LoggerFactory.getLogger(ViewChecks.class);

  /** One SQL representation of a view: its parsed query, or why it could not be parsed. */
  private record Sql(
      String view, String dialect, Namespace namespace, Select query, String error) {}

  /**
   * The views of the namespace, read within the runner's time bound; none when the catalog serves
   * no views.
   */
  static ViewChecks of(NamespaceView namespace) {
    List<Sql> views = new ArrayList<>();
    if (namespace.catalog() instanceof ViewCatalog catalog) {
      Namespace ns = TableNames.namespace(namespace.namespace());
      try {
        namespace
            .remote()
            .call(
                "read the views of " + ns,
                () ->
                    catalog.listViews(ns).stream()
                        .map(id -> sql(id, catalog.loadView(id)))
                        .toList())
            .forEach(views::addAll);
      } catch (UnsupportedOperationException | NoSuchNamespaceException e) {
        LOG.debug("No views of {} to check: {}", ns, e.toString());
      } catch (RuntimeException e) {
        LOG.warn(
            "Cannot read the views of {}; they are not checked: {}",
            ns,
            Redaction.scrub(e.toString(), Map.of()));
      }
    }
    return new ViewChecks(views, namespace);
  }

  private static List<Sql> sql(TableIdentifier id, View view) {
    List<Sql> sql = new ArrayList<>();
    Namespace namespace = view.currentVersion().defaultNamespace();
    for (ViewRepresentation representation : view.currentVersion().representations()) {
      if (representation instanceof SQLViewRepresentation query) {
        Namespace in = namespace == null || namespace.isEmpty() ? id.namespace() : namespace;
        try {
          sql.add(new Sql(id.toString(), query.dialect(), in, ViewReads.parse(query.sql()), null));
        } catch (IllegalArgumentException e) {
          sql.add(new Sql(id.toString(), query.dialect(), in, null, e.getMessage()));
        }
      }
    }
    return sql;
  }

  /**
   * The views that read a column the changes rename or drop, or a table they drop or rename, each
   * view and column (or table) once.
   *
   * @param schemas each table's schema before the changes, or null for no such table
   */
  List<ViewBreak> broken(List<TableChange> changes, Function<TableIdentifier, Schema> schemas) {
    Set<ViewBreak> broken = new LinkedHashSet<>();
    Map<Sql, Map<TableIdentifier, Set<String>>> reads = new HashMap<>();
    Function<Sql, Map<TableIdentifier, Set<String>>> readsOf =
        v -> reads.computeIfAbsent(v, w -> ViewReads.of(w.query(), w.namespace(), schemas));
    for (TableChange change : changes) {
      String table = change.renamedFrom() != null ? change.renamedFrom() : change.table();
      for (Sql view : tableGone(change) ? parsed() : List.<Sql>of()) {
        if (readsOf.apply(view).keySet().stream().anyMatch(t -> t.toString().equals(table))) {
          String to = change.kind() == Kind.RENAMED ? change.table() : null;
          broken.add(new ViewBreak(view.view(), table, null, to));
        }
      }
      for (FieldChange field : change.schema().all()) {
        String column = columnGone(field);
        for (Sql view : column == null ? List.<Sql>of() : parsed()) {
          readsOf
              .apply(view)
              .forEach(
                  (read, columns) -> {
                    if (read.toString().equals(change.table())
                        && columns.stream().anyMatch(c -> overlaps(c, column))) {
                      broken.add(
                          new ViewBreak(view.view(), change.table(), column, renamedTo(field)));
                    }
                  });
        }
      }
    }
    return List.copyOf(broken);
  }

  private List<Sql> parsed() {
    return views.stream().filter(v -> v.query() != null).toList();
  }

  /**
   * A note for each view whose SQL could not be read, when the changes rename or drop a column or a
   * table: it is not checked.
   */
  List<String> unread(List<TableChange> changes) {
    boolean gone =
        changes.stream()
            .anyMatch(
                c ->
                    tableGone(c) || c.schema().all().stream().anyMatch(f -> columnGone(f) != null));
    return !gone
        ? List.of()
        : views.stream()
            .filter(v -> v.query() == null)
            .map(
                v ->
                    "view %s (%s): its columns are not checked: %s"
                        .formatted(v.view(), v.dialect(), v.error()))
            .toList();
  }

  /**
   * The namespace's tables, read before a run's version so that {@link #warn} can tell what it
   * renamed or dropped; empty (and nothing read) when the namespace has no view.
   */
  Map<String, TableState> tables() {
    if (views.isEmpty()) {
      return Map.of();
    }
    Catalog catalog = namespace.catalog();
    Namespace ns = TableNames.namespace(namespace.namespace());
    try {
      return namespace
          .remote()
          .call(
              "read the tables of " + ns,
              () -> {
                Map<String, TableState> tables = new HashMap<>();
                for (TableIdentifier id : catalog.listTables(ns)) {
                  tables.put(id.toString(), TableState.of(id.toString(), catalog.loadTable(id)));
                }
                return tables;
              });
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot read the tables of {}; its views are not checked: {}",
          ns,
          Redaction.scrub(e.toString(), Map.of()));
      return Map.of();
    }
  }

  /**
   * Logs a warning for each view that reads a column the version renamed or dropped, or a table it
   * dropped or renamed (told apart by the table's UUID; a table renamed away and another created
   * under its name is compared with that other): the run goes on, as Liquibase and Atlas apply a
   * change their lint warned of; the preview and the gate on breaking changes are where it is
   * caught before.
   *
   * @param before the tables {@link #tables} read before the version
   */
  void warn(String version, Map<String, TableState> before) {
    if (views.isEmpty() || before.isEmpty()) {
      return;
    }
    List<TableChange> changes = byName(before, tables());
    Function<TableIdentifier, Schema> schemas =
        id -> before.containsKey(id.toString()) ? before.get(id.toString()).schema() : null;
    for (ViewBreak broken : broken(changes, schemas)) {
      LOG.warn(
          "Migration {} breaks a view of {}: {}; the view fails at query time until it is replaced",
          version,
          namespace.namespace(),
          broken.describe("migration " + version));
    }
  }

  /**
   * What became of each earlier table as a view sees it: a view reads a table by name, so where the
   * name still stands (a table renamed away and another created under its name), the change
   * compares with what stands there now.
   */
  static List<TableChange> byName(Map<String, TableState> before, Map<String, TableState> after) {
    List<TableChange> changes = new ArrayList<>();
    before.forEach(
        (name, was) -> {
          Map<String, TableState> now =
              after.containsKey(name) ? Map.of(name, after.get(name)) : after;
          StateDiff.between(Map.of(name, was), now).stream()
              .filter(diff -> diff.before() == was)
              .forEach(diff -> changes.add(TableChange.of(diff)));
        });
    return changes;
  }

  /** Whether the change drops or renames a table (not a view): a view that reads it fails. */
  private static boolean tableGone(TableChange change) {
    return !change.isView() && (change.kind() == Kind.DROPPED || change.kind() == Kind.RENAMED);
  }

  /** The column a change renames (its old name) or drops; null for any other change. */
  private static String columnGone(FieldChange field) {
    return switch (field.changeType()) {
      case RENAMED -> field.oldName();
      case REMOVED -> field.name();
      default -> null;
    };
  }

  private static String renamedTo(FieldChange field) {
    return field.changeType() == FieldChange.ChangeType.RENAMED ? field.name() : null;
  }

  /** Whether reading {@code read} reads {@code column}: the same, a field of it, or its struct. */
  private static boolean overlaps(String read, String column) {
    String r = read.toLowerCase(Locale.ROOT);
    String c = column.toLowerCase(Locale.ROOT);
    return r.equals(c) || r.startsWith(c + ".") || c.startsWith(r + ".");
  }
}
