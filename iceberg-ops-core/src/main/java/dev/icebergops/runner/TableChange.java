package dev.icebergops.runner;

import dev.icebergops.migration.ChangeClass;
import dev.icebergops.schema.FieldChange;
import dev.icebergops.schema.SchemaDiff;
import dev.icebergops.state.TableDiff;
import dev.icebergops.state.TableState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What one version would change in one table, as a {@link MigrationPreview} reports it.
 *
 * @param table the table's full name, for example {@code sales.orders}
 * @param kind created, dropped, renamed, replaced or changed
 * @param schema the column changes (for a created table: every column, as added); empty for a
 *     dropped table
 * @param partitionSpec the partition fields added and removed, e.g. {@code added day(ts) as ts_day}
 * @param sortOrder the sort order change, e.g. {@code unsorted -> ts ASC NULLS FIRST}, or null
 * @param properties the property changes, e.g. {@code set commit.retry.num-retries = 8}; secret
 *     values are masked
 * @param renamedFrom the table's earlier full name when the version renames it, otherwise null
 * @param viewQueries null for a table; for a view, its SQL by dialect that the version sets, e.g.
 *     {@code spark: SELECT a FROM t -> SELECT b FROM t} (empty when it drops the view)
 * @param tableClass the class of what becomes of the table as a whole (created, dropped, renamed,
 *     replaced), or null when it is changed in place
 * @param changes every change of {@link #lines()}, in its order, with its class
 */
public record TableChange(
    String table,
    Kind kind,
    SchemaDiff schema,
    List<String> partitionSpec,
    String sortOrder,
    List<String> properties,
    String renamedFrom,
    List<String> viewQueries,
    ChangeClass tableClass,
    List<ClassedChange> changes) {

  /** What happens to the table as a whole. */
  public enum Kind {
    /** The version creates the table. */
    CREATED,
    /** The version drops the table (with or without purging its files). */
    DROPPED,
    /** The version renames the table: same table, another name. */
    RENAMED,
    /** The version drops the table and creates another of the same name. */
    REPLACED,
    /** The version changes the table's metadata. */
    CHANGED
  }

  /** Copies the lists. */
  public TableChange {
    partitionSpec = List.copyOf(partitionSpec);
    properties = List.copyOf(properties);
    viewQueries = viewQueries == null ? null : List.copyOf(viewQueries);
    changes = List.copyOf(changes);
  }

  /** Whether the change is a view's. */
  public boolean isView() {
    return viewQueries != null;
  }

  /**
   * Every change as one line each: a view's queries, the columns, then partition fields, sort
   * order, properties, the format version.
   */
  public List<String> lines() {
    return changes.stream().map(ClassedChange::change).toList();
  }

  /** What becomes of the table, e.g. {@code dropped} or {@code renamed from sales.orders}. */
  String becomes() {
    return kind.name().toLowerCase(java.util.Locale.ROOT)
        + (renamedFrom == null ? "" : " from " + renamedFrom);
  }

  /** The most severe class of the table's changes, or null when there is none. */
  public ChangeClass changeClass() {
    return Stream.concat(Stream.ofNullable(tableClass), changes.stream().map(c -> c.changeClass()))
        .max(Comparator.naturalOrder())
        .orElse(null);
  }

  /**
   * What a version does to one table, in the preview's words, each change with the class the diff
   * gives it.
   */
  static TableChange of(TableDiff diff) {
    List<String> spec = new ArrayList<>();
    diff.partitionAdded().forEach(f -> spec.add("added " + ChangeWords.partitionField(f)));
    diff.partitionRemoved().forEach(f -> spec.add("removed " + ChangeWords.partitionField(f)));
    String order =
        diff.sortOrderChanged()
            ? ChangeWords.sortOrder(diff.kind() == Kind.CREATED ? null : diff.before())
                + " -> "
                + ChangeWords.sortOrder(diff.after())
            : null;
    List<String> properties = diff.properties().stream().map(TableChange::property).toList();
    String from = diff.kind() == Kind.RENAMED ? diff.before().name() : null;
    TableState state = diff.after() != null ? diff.after() : diff.before();
    List<String> viewQueries = state.isView() ? diff.viewQueries() : null;
    List<ClassedChange> lines = new ArrayList<>();
    if (viewQueries != null) {
      viewQueries.forEach(
          q -> lines.add(new ClassedChange(diff.queryClass(), diff.name(), null, "query " + q)));
    }
    SchemaDiff schema = diff.schema();
    for (FieldChange c : schema.all()) {
      String verb =
          switch (c.changeType()) {
            case ADDED -> "added";
            case REMOVED -> "removed";
            default -> "changed";
          };
      lines.add(
          new ClassedChange(
              diff.classOf(c), diff.name(), c.name(), verb + " column " + c.describe()));
    }
    spec.forEach(
        p -> lines.add(new ClassedChange(TableDiff.LAYOUT, diff.name(), null, "partition: " + p)));
    if (order != null) {
      lines.add(new ClassedChange(TableDiff.LAYOUT, diff.name(), null, "sort order: " + order));
    }
    properties.forEach(
        p -> lines.add(new ClassedChange(TableDiff.PROPERTY, diff.name(), null, "property: " + p)));
    if (diff.formatVersionChanged()) {
      String upgrade =
          "format version " + diff.before().formatVersion() + " -> " + diff.after().formatVersion();
      lines.add(new ClassedChange(TableDiff.FORMAT_VERSION, diff.name(), null, upgrade));
    }
    return new TableChange(
        diff.name(),
        diff.kind(),
        schema,
        spec,
        order,
        properties,
        from,
        viewQueries,
        diff.tableClass(),
        lines);
  }

  /** A property change in the preview's words, e.g. {@code set k = v}; secret values masked. */
  private static String property(TableDiff.PropertyChange p) {
    String key = p.key();
    String before = ChangeWords.shown(key, p.before());
    String after = ChangeWords.shown(key, p.after());
    return p.before() == null
        ? "set " + key + " = " + after
        : p.after() == null
            ? "removed " + key + " (was " + before + ")"
            : "changed %s: %s -> %s".formatted(key, before, after);
  }
}
