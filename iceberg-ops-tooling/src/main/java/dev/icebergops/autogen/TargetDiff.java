package dev.icebergops.autogen;

import dev.icebergops.schema.ColumnSpec;
import dev.icebergops.schema.IcebergTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;

/**
 * Compares a live schema with a target (columns by path, with a strict flag) and lists the steps
 * that make the table conform: renames from hints first, then additions and promotions, then drops.
 */
final class TargetDiff {

  private final String table;
  private final Schema live;
  private final int formatVersion;
  private final boolean strict;
  private final Map<String, String> newToOld = new HashMap<>();
  private final List<Step> renames = new ArrayList<>();
  private final List<Step> changes = new ArrayList<>();
  private final List<Step> drops = new ArrayList<>();

  TargetDiff(
      String table,
      Schema live,
      int formatVersion,
      boolean strict,
      Map<String, String> renameHints) {
    this.table = table;
    this.live = live;
    this.formatVersion = formatVersion;
    this.strict = strict;
    renameHints.forEach(
        (oldName, newName) -> {
          if (!parent(oldName).equals(parent(newName))) {
            throw badHint(oldName, newName, "both names must have the same parent struct");
          }
          newToOld.put(newName, oldName);
        });
  }

  List<Step> steps(List<ColumnSpec> target) {
    checkHints(target);
    compareLevel("", live.asStruct(), target, false);
    return Stream.of(renames, changes, drops).flatMap(List::stream).toList();
  }

  private void checkHints(List<ColumnSpec> target) {
    Set<String> declared = new HashSet<>();
    collectPaths("", target, declared);
    newToOld.forEach(
        (newName, oldName) -> {
          if (!declared.contains(newName)) {
            throw badHint(oldName, newName, "the target does not declare " + newName);
          }
          boolean hasOld = live.findField(oldName) != null;
          boolean hasNew = live.findField(newName) != null;
          if (hasOld && hasNew) {
            throw badHint(
                oldName,
                newName,
                table + " has both columns; rename by hand with ctx.enforceRename");
          }
          if (!hasOld && !hasNew) {
            throw badHint(oldName, newName, table + " has no column " + oldName);
          }
        });
  }

  private static void collectPaths(String prefix, List<ColumnSpec> specs, Set<String> out) {
    for (ColumnSpec spec : specs) {
      String path = prefix + spec.name();
      out.add(path);
      if (spec.type().isStructType()) {
        collectPaths(path + ".", children(spec.type().asStructType()), out);
      }
    }
  }

  /**
   * Compares one struct level. At the top level a column absent from a non-strict target stays;
   * inside a struct the target's type is exact, so nested fields it lacks are dropped and nested
   * nullability is compared.
   */
  private void compareLevel(
      String prefix, Types.StructType liveStruct, List<ColumnSpec> target, boolean nested) {
    Set<Integer> matched = new HashSet<>();
    Set<String> declaredRoots = new HashSet<>();
    for (ColumnSpec spec : target) {
      String path = prefix + spec.name();
      declaredRoots.add(spec.name().split("\\.", 2)[0]);
      NestedField field = live.findField(path);
      String oldName = newToOld.get(path);
      if (field == null && oldName != null && live.findField(oldName) != null) {
        renames.add(new Step.Rename(oldName, path));
        field = live.findField(oldName);
      }
      if (field == null) {
        checkFormat(path, spec.type());
        changes.add(new Step.Add(path, spec.type(), spec.doc()));
        if (nested && spec.required()) {
          changes.add(new Step.Nullability(path, true));
        }
        continue;
      }
      matched.add(field.fieldId());
      if (nested && field.isRequired() != spec.required()) {
        changes.add(new Step.Nullability(path, spec.required()));
      }
      compareField(path, field, spec);
    }
    if (strict || nested) {
      for (NestedField field : liveStruct.fields()) {
        if (!matched.contains(field.fieldId()) && !declaredRoots.contains(field.name())) {
          drops.add(new Step.Drop(prefix + field.name(), field.type()));
        }
      }
    }
  }

  private void compareField(String path, NestedField field, ColumnSpec spec) {
    Type is = field.type();
    Type wanted = spec.type();
    if (IcebergTypes.structurallyEqual(is, wanted)) {
      return;
    }
    String inner = innerStruct(is, wanted);
    if (inner != null) {
      Types.StructType isStruct = structAt(is);
      compareLevel(path + inner + ".", isStruct, children(structAt(wanted)), true);
    } else {
      checkFormat(path, wanted); // a promotion's wider type never needs format version 3
      changes.add(new Step.Retype(path, is, wanted, IcebergTypes.isPromotion(is, wanted)));
    }
  }

  /**
   * Where both types hold a struct the diff can walk into: "" for two structs, ".element" for two
   * lists of structs, ".value" for two maps with the same key and struct values, each with the same
   * element or value nullability; null otherwise (the column is retyped as a whole).
   */
  private static String innerStruct(Type is, Type wanted) {
    if (is.typeId() != wanted.typeId() || structAt(is) == null || structAt(wanted) == null) {
      return null;
    }
    if (is.isStructType()) {
      return "";
    }
    if (is.isListType()) {
      return is.asListType().isElementOptional() == wanted.asListType().isElementOptional()
          ? ".element"
          : null;
    }
    Types.MapType a = is.asMapType();
    Types.MapType b = wanted.asMapType();
    return a.isValueOptional() == b.isValueOptional()
            && IcebergTypes.structurallyEqual(a.keyType(), b.keyType())
        ? ".value"
        : null;
  }

  /** The struct a type is, or holds as list element or map value; null when none. */
  private static Types.StructType structAt(Type type) {
    Type inner =
        type.isListType()
            ? type.asListType().elementType()
            : type.isMapType() ? type.asMapType().valueType() : type;
    return inner.isStructType() ? inner.asStructType() : null;
  }

  /** The fields of a struct as the columns of a target. */
  static List<ColumnSpec> children(Types.StructType struct) {
    return struct.fields().stream()
        .map(f -> new ColumnSpec(f.name(), f.type(), f.isRequired(), f.doc()))
        .toList();
  }

  private void checkFormat(String path, Type type) {
    if (formatVersion < 3 && IcebergTypes.requiresFormatV3(type)) {
      throw new IllegalArgumentException(
          ("Cannot autogenerate a revision for %s: column %s has type %s, which needs table format"
                  + " version 3; the table is at format version %s")
              .formatted(table, path, IcebergTypes.format(type), formatVersion));
    }
  }

  private static IllegalArgumentException badHint(String oldName, String newName, String reason) {
    return new IllegalArgumentException(
        "Cannot use rename hint " + oldName + ":" + newName + ": " + reason);
  }

  private static String parent(String path) {
    int dot = path.lastIndexOf('.');
    return dot < 0 ? "" : path.substring(0, dot);
  }
}
