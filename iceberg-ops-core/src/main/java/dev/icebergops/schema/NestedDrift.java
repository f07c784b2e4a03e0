package dev.icebergops.schema;

import java.util.List;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;

/**
 * Walks a live type and the type a contract declares side by side and names each difference by its
 * nested path ({@code address.zip}, {@code items.element.sku}, {@code attrs.value.unit}), so drift
 * inside a struct, list or map is reported where it is, not as two whole types.
 */
record NestedDrift(List<String> out) {

  /**
   * Adds one line per difference between the live type and the expected one to {@code out}.
   *
   * @param path the column's path
   * @param live the column's live type
   * @param expected the type the contract declares
   * @param out where the lines go
   */
  static void compare(String path, Type live, Type expected, List<String> out) {
    new NestedDrift(out).type(path, live, expected);
  }

  private void type(String path, Type live, Type expected) {
    if (IcebergTypes.structurallyEqual(live, expected)) {
      return;
    }
    if (live.typeId() != expected.typeId() || live.isPrimitiveType()) {
      out.add(
          "column %s has type %s, expected %s"
              .formatted(path, IcebergTypes.format(live), IcebergTypes.format(expected)));
    } else if (live.isStructType()) {
      struct(path, live.asStructType(), expected.asStructType());
    } else if (live.isNestedType()) { // a list's element, a map's key (always required) and value
      List<NestedField> is = live.asNestedType().fields();
      List<NestedField> want = expected.asNestedType().fields();
      for (int i = 0; i < is.size(); i++) {
        child(path + "." + is.get(i).name(), is.get(i), want.get(i));
      }
    }
  }

  private void struct(String path, Types.StructType live, Types.StructType expected) {
    for (NestedField want : expected.fields()) {
      NestedField is = live.field(want.name());
      String fieldPath = path + "." + want.name();
      if (is == null) {
        out.add(
            "missing nested field %s (%s%s)"
                .formatted(fieldPath, nullability(want), IcebergTypes.format(want.type())));
      } else {
        child(fieldPath, is, want);
      }
    }
    for (NestedField is : live.fields()) {
      if (expected.field(is.name()) == null) {
        out.add(
            "unexpected nested field %s.%s (%s%s) is not in the contract"
                .formatted(path, is.name(), nullability(is), IcebergTypes.format(is.type())));
      }
    }
  }

  private void child(String path, NestedField live, NestedField expected) {
    if (live.isOptional() != expected.isOptional()) {
      out.add(
          "nested field %s is %s, expected %s"
              .formatted(
                  path,
                  live.isOptional() ? "optional" : "required",
                  expected.isOptional() ? "optional" : "required"));
    }
    type(path, live.type(), expected.type());
  }

  private static String nullability(NestedField field) {
    return field.isOptional() ? "" : "required ";
  }
}
