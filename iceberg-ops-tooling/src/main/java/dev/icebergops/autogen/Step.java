package dev.icebergops.autogen;

import dev.icebergops.schema.IcebergTypes;
import org.apache.iceberg.types.Type;

/** One change a generated revision makes, as found by {@link TargetDiff}. */
sealed interface Step {

  /** One line for messages and the generated javadoc. */
  String describe();

  /** True when the generated downgrade() can undo it. */
  boolean reversible();

  /** True when generated code cannot make it: upgrade() then throws before any step. */
  default boolean blocking() {
    return false;
  }

  /** A column the target declares and the table lacks; always added as optional. */
  record Add(String path, Type type, String doc) implements Step {
    @Override
    public String describe() {
      return "add " + path + " (" + IcebergTypes.format(type) + ")";
    }

    @Override
    public boolean reversible() {
      return true;
    }
  }

  /** An Iceberg promotion, applied in place. */
  record Promote(String path, Type from, Type to) implements Step {
    @Override
    public String describe() {
      return "promote " + path + " " + IcebergTypes.format(from) + " -> " + IcebergTypes.format(to);
    }

    @Override
    public boolean reversible() {
      return false;
    }
  }

  /** A rename given by a hint. */
  record Rename(String from, String to) implements Step {
    @Override
    public String describe() {
      return "rename " + from + " -> " + to;
    }

    @Override
    public boolean reversible() {
      return true;
    }
  }

  /** A column a strict target does not declare. */
  record Drop(String path, Type type) implements Step {
    @Override
    public String describe() {
      return "drop " + path + " (" + IcebergTypes.format(type) + ")";
    }

    @Override
    public boolean reversible() {
      return false;
    }
  }

  /** A type change that is not a promotion: never applied by generated code. */
  record Retype(String path, Type from, Type to) implements Step {
    @Override
    public String describe() {
      return "change type of "
          + path
          + " "
          + IcebergTypes.format(from)
          + " -> "
          + IcebergTypes.format(to)
          + " (not a promotion)";
    }

    @Override
    public boolean reversible() {
      return false;
    }

    @Override
    public boolean blocking() {
      return true;
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

    @Override
    public boolean reversible() {
      return false;
    }

    @Override
    public boolean blocking() {
      return required;
    }
  }
}
