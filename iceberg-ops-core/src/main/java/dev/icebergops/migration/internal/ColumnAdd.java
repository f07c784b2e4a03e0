package dev.icebergops.migration.internal;

import dev.icebergops.internal.ColumnDefaults;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.types.Type;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Adds one column, optional or required, with its defaults: the context's one-shot add. */
final class ColumnAdd {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  private ColumnAdd() {}

  static void add(
      MigrationContext ctx,
      String table,
      String column,
      Type type,
      String doc,
      boolean required,
      Literal<?> initial,
      Literal<?> write) {
    String name = ctx.qualified(table);
    checkColumnName("add", name, column);
    if (type == null) {
      throw new IllegalArgumentException(
          String.format("Cannot add column %s.%s: the type is null", name, column));
    }
    if (column.startsWith(".") || column.endsWith(".") || column.contains("..")) {
      throw new IllegalArgumentException(
          String.format("Cannot add column %s.%s: a part of the path is empty", name, column));
    }
    Table loaded = ctx.loadTable(table);
    Schema schema = loaded.schema();
    int dot = column.lastIndexOf('.');
    String parent = dot < 0 ? null : column.substring(0, dot);
    String leaf = column.substring(dot + 1);
    String problem = ColumnDefaults.parentProblem(schema, parent);
    if (problem != null) {
      throw new IllegalArgumentException(
          String.format("Cannot add column %s.%s: %s", name, column, problem));
    }
    if (schema.findField(column) != null) {
      throw new IllegalArgumentException(
          String.format("Cannot add column %s.%s: it already exists", name, column));
    }
    if (required && initial == null) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot add required column %s.%s: it needs an initial default, which the rows"
                  + " written before read",
              name, column));
    }
    ColumnDefaults.checkSupported(loaded, "add column " + name + "." + column, initial, write);
    ColumnDefaults.add(loaded, parent, leaf, type, doc, required, initial, write);
    LOG.info("Added column {}.{} ({})", name, column, type);
  }

  /** Refuses an empty column name: {@code Cannot <verb> column of <table>: ...}. */
  static void checkColumnName(String verb, String table, String column) {
    if (column == null || column.isBlank()) {
      throw new IllegalArgumentException(
          String.format("Cannot %s column of %s: the column name is empty", verb, table));
    }
  }
}
