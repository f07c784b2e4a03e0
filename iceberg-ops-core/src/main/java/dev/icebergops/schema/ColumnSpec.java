package dev.icebergops.schema;

import dev.icebergops.internal.ColumnDefaults;
import java.util.Objects;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.types.Type;

/**
 * The declaration of one column in a {@link SchemaContract}.
 *
 * <p>{@code required} means the column must be present; it does not ask for a NOT NULL column.
 * {@code doc} is informational (autogenerate sets it on newly added columns). A default declared
 * (format version 3) must be the column's: the initial default the rows written before it read, the
 * write default a writer that leaves it out writes; one not declared is not compared.
 *
 * <pre>{@code
 * ColumnSpec.required("order_id", Types.LongType.get());
 * ColumnSpec.optional("amount", IcebergTypes.parse("decimal(10,2)")).withDoc("Order total");
 * ColumnSpec.required("status", Types.StringType.get())
 *     .withDefaults(Expressions.lit("legacy"), Expressions.lit("new"));
 * }</pre>
 *
 * @param name the column name (a dotted path reaches into a struct)
 * @param type the expected Iceberg type, compared structurally
 * @param required whether the column must be present
 * @param doc the column's description, or null
 * @param initialDefault the initial default the column must have, cast to its type, or null
 * @param writeDefault the write default the column must have, cast to its type, or null
 */
public record ColumnSpec(
    String name,
    Type type,
    boolean required,
    String doc,
    Literal<?> initialDefault,
    Literal<?> writeDefault) {

  /**
   * Validates the declaration and casts the defaults to the type.
   *
   * @throws IllegalArgumentException if the name is blank, the type is missing or a default cannot
   *     be cast to the type
   */
  public ColumnSpec {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("Cannot declare column: the name is empty");
    }
    if (type == null) {
      throw new IllegalArgumentException("Cannot declare column " + name + ": the type is missing");
    }
    initialDefault = cast(name, type, "initial", initialDefault);
    writeDefault = cast(name, type, "write", writeDefault);
  }

  /** A column without defaults. */
  public ColumnSpec(String name, Type type, boolean required, String doc) {
    this(name, type, required, doc, null, null);
  }

  private static Literal<?> cast(String name, Type type, String which, Literal<?> value) {
    Literal<?> cast = value == null || !type.isPrimitiveType() ? null : value.to(type);
    if (value != null && cast == null) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot declare column %s: %s default %s is not a %s",
              name, which, value, IcebergTypes.format(type)));
    }
    return cast;
  }

  /** A column that must be present with the given type. */
  public static ColumnSpec required(String name, Type type) {
    return new ColumnSpec(name, type, true, null);
  }

  /** A column that may be absent but, when present, must have the given type. */
  public static ColumnSpec optional(String name, Type type) {
    return new ColumnSpec(name, type, false, null);
  }

  /** This column with a description. */
  public ColumnSpec withDoc(String description) {
    return new ColumnSpec(name, type, required, description, initialDefault, writeDefault);
  }

  /**
   * This column with the defaults it must have.
   *
   * @param initial the initial default, or null not to compare it
   * @param write the write default, or null not to compare it
   * @return a copy with these defaults
   * @throws IllegalArgumentException if a default cannot be cast to the type
   */
  public ColumnSpec withDefaults(Literal<?> initial, Literal<?> write) {
    return new ColumnSpec(name, type, required, doc, initial, write);
  }

  @Override
  public String toString() {
    return name
        + ": "
        + IcebergTypes.format(type)
        + (required ? " (required)" : "")
        + (initialDefault == null ? "" : " initial default " + text(initialDefault))
        + (writeDefault == null ? "" : " write default " + text(writeDefault))
        + (doc == null ? "" : " -- " + doc);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnSpec other
        && required == other.required
        && name.equals(other.name)
        && IcebergTypes.structurallyEqual(type, other.type)
        && Objects.equals(doc, other.doc)
        && Objects.equals(value(initialDefault), value(other.initialDefault))
        && Objects.equals(value(writeDefault), value(other.writeDefault));
  }

  private String text(Literal<?> value) {
    return ColumnDefaults.text(type, value.value());
  }

  private static Object value(Literal<?> literal) {
    return literal == null ? null : literal.value();
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, required, doc, type.typeId());
  }
}
