package dev.icebergops.schema;

import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types.NestedField;
import org.apache.iceberg.types.Types.StructType;

/**
 * Every field of a struct at every level with the field that holds it, built in one pass; a field's
 * full dotted path ({@code element}, {@code key} and {@code value} inside lists and maps, as
 * Iceberg names them) is built only when asked for. Iceberg's {@code TypeUtil.indexNameById} builds
 * every path and every short name up front, which costs about thirty times a pass by id on wide
 * schemas.
 */
final class FieldIndex {

  /** One field and the entry of the field that holds it (null at the top level). */
  record Entry(NestedField field, Entry holder) {

    /** The id of the field that holds this one, or null at the top level. */
    Integer parent() {
      return holder == null ? null : holder.field.fieldId();
    }

    /** The full dotted path. */
    String path() {
      return holder == null ? field.name() : holder.path() + "." + field.name();
    }
  }

  private FieldIndex() {}

  /** The entries of every field of a struct at every level, by field id. */
  static Map<Integer, Entry> byId(StructType struct) {
    Map<Integer, Entry> byId = new HashMap<>();
    visit(struct, null, byId);
    return byId;
  }

  /**
   * Every field of a struct at every level by its full dotted path, built in one pass without the
   * index by id.
   */
  static Map<String, NestedField> byPath(StructType struct) {
    Map<String, NestedField> paths = new HashMap<>();
    visitPaths(struct, null, paths);
    return paths;
  }

  private static void visitPaths(Type type, String prefix, Map<String, NestedField> paths) {
    for (NestedField field : type.asNestedType().fields()) {
      String path = prefix == null ? field.name() : prefix + "." + field.name();
      paths.put(path, field);
      if (field.type().isNestedType()) {
        visitPaths(field.type(), path, paths);
      }
    }
  }

  private static void visit(Type type, Entry holder, Map<Integer, Entry> byId) {
    if (!type.isNestedType()) {
      return;
    }
    for (NestedField field : type.asNestedType().fields()) {
      Entry entry = new Entry(field, holder);
      byId.put(field.fieldId(), entry);
      visit(field.type(), entry, byId);
    }
  }
}
