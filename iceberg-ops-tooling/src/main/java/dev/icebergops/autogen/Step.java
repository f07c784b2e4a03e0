package dev.icebergops.autogen;

import dev.icebergops.schema.IcebergTypes;
import org.apache.iceberg.types.Type;

/** One change a generated revision makes, as found by {@link TargetDiff}. */
sealed interface Step {

  /** One line for messages and the generated javadoc. */
  String describe();

  /** True when the generated downgrade() can undo it: an added column or a rename. */
  default boolean reversible() {
    return this instanceof Add || this instanceof Rename;
  }

  /** True when generated code cannot make it: upgrade() then throws before any step. */
  default boolean blocking() {
    return this instanceof Retype r && !r.promotion()
        || this instanceof Nullability n && n.required();
  }

  /** A column the target declares and the table lacks; always added as optional. */
  record Add(String path, Type type, String doc) implements Step {
    @Override
    public String describe() {
      return "add " + path + " (" + IcebergTypes.format(type) + ")";
    }
  }

  /** A rename given by a hint. */
  record Rename(String from, String to) implements Step {
    @Override
    public String describe() {
      return "rename " + from + " -> " + to;
    }
  }

  /** A column a strict target does not declare. */
  record Drop(String path, Type type) implements Step {
    @Override
    public String describe() {
      return "drop " + path + " (" + IcebergTypes.format(type) + ")";
    }
  }

  /**
   * A type change: an Iceberg promotion, applied in place, or any other, never applied by generated
   * code.
   */
  record Retype(String path, Type from, Type to, boolean promotion) implements Step {
    @Override
    public String describe() {
      return (promotion ? "promote %s %s -> %s" : "change type of %s %s -> %s (not a promotion)")
          .formatted(path, IcebergTypes.format(from), IcebergTypes.format(to));
    }
  }

  /**
   * A nested field whose nullability differs: making it optional is generated; making it required
   * is not (Iceberg refuses to tighten a field that may hold nulls).
   */
  record Nullability(String path, boolean required) implements Step {
    @Override
    public String describe() {
      return required
          ? "make " + path + " required (Iceberg cannot tighten an optional field)"
          : "make " + path + " optional";
    }
  }
}
