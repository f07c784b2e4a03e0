package dev.icebergops.runner;

import dev.icebergops.redaction.Redaction;
import dev.icebergops.schema.SchemaDiff;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.TableMetadata;

/**
 * Describes and compares the shape of tables (schema, partition spec, sort order, properties) as
 * previews and drift checks report them. Property values are shown as the redaction rules allow.
 */
final class TableShapes {

  private TableShapes() {}

  /**
   * What changed between two states of a table, or null when nothing did.
   *
   * @param table the table's name
   * @param before its metadata before, or null when it did not exist
   * @param after its metadata after, or null when it no longer exists
   */
  static TableChange change(String table, TableMetadata before, TableMetadata after) {
    if (before == null && after == null) {
      return null;
    }
    if (after == null) {
      return new TableChange(
          table,
          TableChange.Kind.DROPPED,
          SchemaDiff.between(new Schema(), new Schema()),
          List.of(),
          null,
          List.of());
    }
    TableChange.Kind kind = before == null ? TableChange.Kind.CREATED : TableChange.Kind.CHANGED;
    Schema was = before == null ? new Schema() : before.schema();
    SchemaDiff schema = SchemaDiff.between(was, after.schema());
    List<String> spec = new ArrayList<>();
    Set<String> fieldsBefore = before == null ? Set.of() : partitionFields(before);
    Set<String> fieldsAfter = partitionFields(after);
    fieldsAfter.stream()
        .filter(f -> !fieldsBefore.contains(f))
        .forEach(f -> spec.add("added " + f));
    fieldsBefore.stream()
        .filter(f -> !fieldsAfter.contains(f))
        .forEach(f -> spec.add("removed " + f));
    String orderBefore = before == null ? "unsorted" : sortOrder(before);
    String orderAfter = sortOrder(after);
    String order = orderBefore.equals(orderAfter) ? null : orderBefore + " -> " + orderAfter;
    List<String> properties =
        properties(before == null ? Map.of() : before.properties(), after.properties());
    if (kind == TableChange.Kind.CHANGED
        && schema.isEmpty()
        && spec.isEmpty()
        && order == null
        && properties.isEmpty()) {
      return null;
    }
    return new TableChange(table, kind, schema, spec, order, properties);
  }

  /** The current partition spec's fields, e.g. {@code day(ts) as ts_day}, in spec order. */
  static Set<String> partitionFields(TableMetadata metadata) {
    Set<String> fields = new LinkedHashSet<>();
    for (PartitionField field : metadata.spec().fields()) {
      if ("void".equals(field.transform().toString())) {
        continue; // a removed field of a format-1 table
      }
      String source = metadata.schema().findColumnName(field.sourceId());
      fields.add(field.transform() + "(" + source + ") as " + field.name());
    }
    return fields;
  }

  /** The sort order, e.g. {@code ts ASC NULLS FIRST, id DESC NULLS LAST}, or {@code unsorted}. */
  static String sortOrder(TableMetadata metadata) {
    SortOrder order = metadata.sortOrder();
    if (order.isUnsorted()) {
      return "unsorted";
    }
    return order.fields().stream()
        .map(
            f -> {
              String column = metadata.schema().findColumnName(f.sourceId());
              String term =
                  "identity".equals(f.transform().toString())
                      ? column
                      : f.transform() + "(" + column + ")";
              return term + " " + f.direction() + " " + f.nullOrder().toString().replace('_', ' ');
            })
        .collect(Collectors.joining(", "));
  }

  /** The property changes, sorted by key, with secret values masked. */
  static List<String> properties(Map<String, String> before, Map<String, String> after) {
    Set<String> keys = new TreeSet<>(before.keySet());
    keys.addAll(after.keySet());
    List<String> changes = new ArrayList<>();
    for (String key : keys) {
      String was = before.get(key);
      String is = after.get(key);
      if (Objects.equals(was, is)) {
        continue;
      }
      if (was == null) {
        changes.add("set " + key + " = " + shown(key, is));
      } else if (is == null) {
        changes.add("removed " + key + " (was " + shown(key, was) + ")");
      } else {
        changes.add("changed " + key + ": " + shown(key, was) + " -> " + shown(key, is));
      }
    }
    return changes;
  }

  /** A property value as it may be shown: {@code unset} for null, secrets masked. */
  static String shown(String key, String value) {
    return value == null ? "unset" : Redaction.shown(key, value);
  }
}
