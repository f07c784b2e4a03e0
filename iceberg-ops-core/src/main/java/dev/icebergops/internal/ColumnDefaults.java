package dev.icebergops.internal;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Objects;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SingleValueParser;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableUtil;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types.NestedField;

/**
 * Column defaults, which format version 3 brings: the refusal on an older table, a column added
 * with its initial and write defaults (and the check of the struct it is added to), and a default's
 * text. Internal: not part of the public API.
 */
public final class ColumnDefaults {

  /** The first format version whose columns may have defaults. */
  public static final int MIN_FORMAT_VERSION = 3;

  private ColumnDefaults() {}

  /**
   * Refuses defaults on a table of a format version below 3, before anything is committed.
   *
   * @param table the table, as loaded
   * @param what what the caller does, for the message: {@code "add column sales.orders.status"}
   * @param initial the initial default asked for, or null
   * @param write the write default asked for, or null
   * @throws IllegalArgumentException if a default is asked for and the table cannot hold one
   */
  public static void checkSupported(
      Table table, String what, Literal<?> initial, Literal<?> write) {
    if (initial == null && write == null) {
      return;
    }
    int version = TableUtil.formatVersion(table);
    if (version < MIN_FORMAT_VERSION) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot %s with a default: table format version %s does not support default values;"
                  + " upgrade to %s with upgradeFormatVersion(\"%s\", %s)",
              what,
              version,
              MIN_FORMAT_VERSION,
              TableIdentifier.parse(table.name()).name(),
              MIN_FORMAT_VERSION));
    }
  }

  /**
   * Adds a column with its defaults, in one schema commit: the rows written before read the initial
   * default, a writer that leaves the column out writes the write default.
   *
   * @param table the table
   * @param parent the parent struct's path, or null for a top-level column
   * @param leaf the column's name in its parent
   * @param type the column's type
   * @param doc the column's doc, or null
   * @param required whether the column is required (it then needs an initial default)
   * @param initial the initial default, or null
   * @param write the write default, or null
   * @throws IllegalArgumentException if a default cannot be cast to the type
   */
  public static void add(
      Table table,
      String parent,
      String leaf,
      Type type,
      String doc,
      boolean required,
      Literal<?> initial,
      Literal<?> write) {
    UpdateSchema update = table.updateSchema();
    if (required) {
      update.addRequiredColumn(parent, leaf, type, doc, initial);
    } else {
      update.addColumn(parent, leaf, type, doc, initial);
    }
    if (!Objects.equals(value(initial, type), value(write, type))) {
      update.updateColumnDefault(parent == null ? leaf : parent + "." + leaf, write);
    }
    update.commit();
  }

  /**
   * Why a column cannot be added to {@code parent}: it does not exist, or is not a struct.
   *
   * @param parent the parent struct's path, or null for a top-level column
   * @return the reason, or null when the parent is a struct or there is none
   */
  public static String parentProblem(Schema schema, String parent) {
    if (parent == null) {
      return null;
    }
    NestedField field = schema.findField(parent);
    if (field == null) {
      return "parent struct " + parent + " does not exist";
    }
    if (!field.type().isStructType()) {
      return "parent " + parent + " is a " + field.type() + ", not a struct";
    }
    return null;
  }

  /** A default's value cast to a type, or null for none. */
  public static Object value(Literal<?> literal, Type type) {
    Literal<?> cast = literal == null ? null : literal.to(type);
    if (literal != null && cast == null) {
      throw new IllegalArgumentException(
          "Cannot use default " + literal + " for a column of type " + type);
    }
    return cast == null ? null : cast.value();
  }

  /**
   * A default written as text: in the form Iceberg's metadata writes it ({@code 0}, {@code
   * "2026-01-31"}), or bare for a text value ({@code new}, {@code 2026-01-31}).
   *
   * @param type the column's type
   * @param text the value's text
   * @return the value as a literal of the type
   * @throws IllegalArgumentException if the text is no value of the type
   */
  public static Literal<?> parse(Type type, String text) {
    Object value;
    try {
      value = SingleValueParser.fromJson(type, text);
    } catch (RuntimeException notJson) {
      value = SingleValueParser.fromJson(type, TextNode.valueOf(text));
    }
    return Expressions.lit(value).to(type);
  }

  /** A default's text as Iceberg's metadata writes it ({@code "new"}, {@code 0}), or none. */
  public static String text(Type type, Object value) {
    return value == null ? "none" : SingleValueParser.toJson(type, value);
  }
}
