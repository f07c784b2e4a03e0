package dev.icebergops.schema;

import dev.icebergops.internal.ColumnDefaults;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types.NestedField;

/**
 * The structured difference between two Iceberg schemas, matched by field id at every level of
 * nesting (struct fields, list elements, map keys and values), so a rename is reported as a rename
 * and never as a remove plus an add.
 *
 * <pre>{@code
 * SchemaDiff diff = SchemaDiff.between(table.schemas().get(0), table.schema());
 * log.info(diff.summary());
 * }</pre>
 *
 * <p>A field added or removed together with its parent is reported once, at the parent. A field
 * that changed in several ways yields one entry per kind of change.
 *
 * @param added fields new in the later schema
 * @param removed fields dropped from the earlier schema
 * @param changed fields present in both with a different name, type, doc, required flag or defaults
 */
public record SchemaDiff(
    List<FieldChange> added, List<FieldChange> removed, List<FieldChange> changed) {

  /** A difference as given, the lists read-only. */
  public SchemaDiff {
    added = Collections.unmodifiableList(added);
    removed = Collections.unmodifiableList(removed);
    changed = Collections.unmodifiableList(changed);
  }

  /**
   * Compares two schemas by stable field id.
   *
   * @param before the baseline schema
   * @param after the schema to compare with it
   * @return the differences, ordered by field id
   * @throws NullPointerException if either schema is null
   */
  public static SchemaDiff between(Schema before, Schema after) {
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    Map<Integer, FieldIndex.Entry> oldFields = FieldIndex.byId(before.asStruct());
    Map<Integer, FieldIndex.Entry> newFields = FieldIndex.byId(after.asStruct());

    List<FieldChange> added = new ArrayList<>();
    List<FieldChange> removed = new ArrayList<>();
    List<FieldChange> changed = new ArrayList<>();
    newFields.forEach(
        (id, entry) -> {
          if (!oldFields.containsKey(id)) {
            if (entry.parent() != null && !oldFields.containsKey(entry.parent())) {
              return; // reported at its parent, which is new as well
            }
            NestedField field = entry.field();
            added.add(
                FieldChange.added(
                    id, entry.path(), IcebergTypes.format(field.type()), defaults(field)));
          }
        });
    oldFields.forEach(
        (id, entry) -> {
          FieldIndex.Entry now = newFields.get(id);
          if (now == null) {
            if (entry.parent() != null && !newFields.containsKey(entry.parent())) {
              return; // reported at its parent, which is gone as well
            }
            removed.add(
                FieldChange.removed(id, entry.path(), IcebergTypes.format(entry.field().type())));
          } else {
            compare(id, entry, now, changed);
          }
        });
    // ordered by field id; a field's several changes keep their order
    Comparator<FieldChange> byId = Comparator.comparingInt(FieldChange::fieldId);
    added.sort(byId);
    removed.sort(byId);
    changed.sort(byId);
    return new SchemaDiff(added, removed, changed);
  }

  private static void compare(
      int id, FieldIndex.Entry before, FieldIndex.Entry after, List<FieldChange> out) {
    NestedField was = before.field();
    NestedField is = after.field();
    if (!was.name().equals(is.name())) {
      out.add(FieldChange.renamed(id, after.path(), before.path()));
    }
    boolean bothNested = was.type().isNestedType() && is.type().isNestedType();
    boolean sameKind = was.type().typeId() == is.type().typeId();
    if (bothNested ? !sameKind : !was.type().equals(is.type())) {
      out.add(
          FieldChange.typeChanged(
              id, after.path(), IcebergTypes.format(was.type()), IcebergTypes.format(is.type())));
    }
    if (!Objects.equals(was.doc(), is.doc())) {
      out.add(FieldChange.docChanged(id, after.path(), was.doc(), is.doc()));
    }
    if (was.isOptional() != is.isOptional()) {
      out.add(FieldChange.nullabilityChanged(id, after.path(), was.isRequired(), is.isRequired()));
    }
    if (!Objects.equals(defaults(was), defaults(is))) {
      out.add(FieldChange.defaultChanged(id, after.path(), defaults(was), defaults(is)));
    }
  }

  /** A field's defaults, {@code initial "a", write "b"}, or null when it has none. */
  private static String defaults(NestedField field) {
    if (field.initialDefault() == null && field.writeDefault() == null) {
      return null;
    }
    return "initial %s, write %s"
        .formatted(
            ColumnDefaults.text(field.type(), field.initialDefault()),
            ColumnDefaults.text(field.type(), field.writeDefault()));
  }

  /** Every change: added, then removed, then changed. */
  public List<FieldChange> all() {
    List<FieldChange> all = new ArrayList<>(added);
    all.addAll(removed);
    all.addAll(changed);
    return all;
  }

  /** True when both schemas are structurally identical (same ids, names, types, docs, flags). */
  public boolean isEmpty() {
    return added.isEmpty() && removed.isEmpty() && changed.isEmpty();
  }

  /**
   * A multi-line report: {@code "Schemas are identical."} for an empty diff, otherwise one {@code
   * Added:} / {@code Removed:} / {@code Changed:} section per non-empty list, one line per change.
   *
   * @return the report
   */
  public String summary() {
    if (isEmpty()) {
      return "Schemas are identical.";
    }
    StringBuilder out = new StringBuilder();
    section(out, "Added", added);
    section(out, "Removed", removed);
    section(out, "Changed", changed);
    return out.toString().stripTrailing();
  }

  private static void section(StringBuilder out, String title, List<FieldChange> changes) {
    if (!changes.isEmpty()) {
      out.append(title).append(":\n");
      changes.forEach(change -> out.append("  ").append(change.describe()).append('\n'));
    }
  }

  @Override
  public String toString() {
    return summary();
  }
}
