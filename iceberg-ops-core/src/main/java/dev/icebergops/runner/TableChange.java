package dev.icebergops.runner;

import dev.icebergops.schema.SchemaDiff;
import java.util.List;

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
 */
public record TableChange(
    String table,
    Kind kind,
    SchemaDiff schema,
    List<String> partitionSpec,
    String sortOrder,
    List<String> properties,
    String renamedFrom,
    List<String> viewQueries) {

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
  }

  /** A table's change. */
  public TableChange(
      String table,
      Kind kind,
      SchemaDiff schema,
      List<String> partitionSpec,
      String sortOrder,
      List<String> properties,
      String renamedFrom) {
    this(table, kind, schema, partitionSpec, sortOrder, properties, renamedFrom, null);
  }

  /** Whether the change is a view's. */
  public boolean isView() {
    return viewQueries != null;
  }

  /**
   * Every change as one line each: a view's queries, the columns, then partition fields, sort
   * order, properties.
   */
  public List<String> lines() {
    List<String> lines = new java.util.ArrayList<>();
    if (viewQueries != null) {
      viewQueries.forEach(q -> lines.add("query " + q));
    }
    schema.added().forEach(c -> lines.add("added column " + c.describe()));
    schema.removed().forEach(c -> lines.add("removed column " + c.describe()));
    schema.changed().forEach(c -> lines.add("changed column " + c.describe()));
    partitionSpec.forEach(p -> lines.add("partition: " + p));
    if (sortOrder != null) {
      lines.add("sort order: " + sortOrder);
    }
    properties.forEach(p -> lines.add("property: " + p));
    return lines;
  }
}
