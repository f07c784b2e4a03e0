package dev.icebergops.schema;

import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types.NestedField;

/** A dotted column path split into its parent struct and its leaf name. */
record ColumnPath(String parent, String leaf) {

  static ColumnPath of(String path) {
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("Cannot use column: the name is empty");
    }
    int dot = path.lastIndexOf('.');
    return dot < 0
        ? new ColumnPath(null, path)
        : new ColumnPath(path.substring(0, dot), path.substring(dot + 1));
  }

  String full() {
    return parent == null ? leaf : parent + "." + leaf;
  }

  ColumnPath sibling(String name) {
    return new ColumnPath(parent, name);
  }

  /** The fields next to this one: the top-level columns, or the parent struct's fields. */
  List<NestedField> siblings(Schema schema) {
    return parent == null
        ? schema.columns()
        : schema.findField(parent).type().asStructType().fields();
  }

  @Override
  public String toString() {
    return full();
  }
}
