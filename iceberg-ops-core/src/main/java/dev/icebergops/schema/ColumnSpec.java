package dev.icebergops.schema;

import java.util.Objects;
import org.apache.iceberg.types.Type;

/**
 * The declaration of one column in a {@link SchemaContract}.
 *
 * <p>{@code required} means the column must be present; it does not ask for a NOT NULL column.
 * {@code doc} is informational (autogenerate sets it on newly added columns).
 *
 * <pre>{@code
 * ColumnSpec.required("order_id", Types.LongType.get());
 * ColumnSpec.optional("amount", IcebergTypes.parse("decimal(10,2)")).withDoc("Order total");
 * }</pre>
 *
 * @param name the column name (a dotted path reaches into a struct)
 * @param type the expected Iceberg type, compared structurally
 * @param required whether the column must be present
 * @param doc the column's description, or null
 */
public record ColumnSpec(String name, Type type, boolean required, String doc) {

  /**
   * Validates the declaration.
   *
   * @throws IllegalArgumentException if the name is blank or the type is missing
   */
  public ColumnSpec {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("Cannot declare column: the name is empty");
    }
    if (type == null) {
      throw new IllegalArgumentException("Cannot declare column " + name + ": the type is missing");
    }
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
    return new ColumnSpec(name, type, required, description);
  }

  @Override
  public String toString() {
    return name
        + ": "
        + IcebergTypes.format(type)
        + (required ? " (required)" : "")
        + (doc == null ? "" : " -- " + doc);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnSpec other
        && required == other.required
        && name.equals(other.name)
        && IcebergTypes.structurallyEqual(type, other.type)
        && Objects.equals(doc, other.doc);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, required, doc, type.typeId());
  }
}
