package dev.icebergops.runner;

import dev.icebergops.runner.DriftFinding.Kind;
import dev.icebergops.schema.FieldChange;
import dev.icebergops.schema.SchemaDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableMetadata;

/**
 * Compares one live table with the state its migrations produce: the columns by field id (as {@link
 * SchemaDiff} does), the partition fields, the sort order, and the properties the migrations set (a
 * property only the live table has is not the migrations' and is left alone).
 */
final class DriftComparison {

  private DriftComparison() {}

  static List<DriftFinding> compare(String table, TableMetadata expected, TableMetadata actual) {
    List<DriftFinding> findings = new ArrayList<>();
    SchemaDiff diff = SchemaDiff.between(expected.schema(), actual.schema());
    diff.added().forEach(c -> findings.add(column(table, Kind.COLUMN_ADDED, c, null, c.newType())));
    diff.removed()
        .forEach(c -> findings.add(column(table, Kind.COLUMN_MISSING, c, c.oldType(), null)));
    for (FieldChange c : diff.changed()) {
      findings.add(
          switch (c.changeType()) {
            case RENAMED -> column(table, Kind.COLUMN_RENAMED, c, c.oldName(), c.name());
            case TYPE_CHANGED -> column(table, Kind.TYPE, c, c.oldType(), c.newType());
            case DOC_CHANGED -> column(table, Kind.DOC, c, quote(c.oldDoc()), quote(c.newDoc()));
            default ->
                column(
                    table,
                    Kind.NULLABILITY,
                    c,
                    required(c.oldRequired()),
                    required(c.newRequired()));
          });
    }
    Set<String> fieldsExpected = TableShapes.partitionFields(expected);
    Set<String> fieldsActual = TableShapes.partitionFields(actual);
    fieldsExpected.stream()
        .filter(f -> !fieldsActual.contains(f))
        .forEach(
            f -> findings.add(new DriftFinding(table, Kind.PARTITION_FIELD_MISSING, f, f, null)));
    fieldsActual.stream()
        .filter(f -> !fieldsExpected.contains(f))
        .forEach(
            f -> findings.add(new DriftFinding(table, Kind.PARTITION_FIELD_ADDED, f, null, f)));
    String orderExpected = TableShapes.sortOrder(expected);
    String orderActual = TableShapes.sortOrder(actual);
    if (!orderExpected.equals(orderActual)) {
      findings.add(new DriftFinding(table, Kind.SORT_ORDER, null, orderExpected, orderActual));
    }
    properties(table, expected.properties(), actual.properties(), findings);
    return findings;
  }

  /**
   * The properties Iceberg gives every new table (such as the Parquet compression codec): a catalog
   * may give its own defaults instead, so such a key counts as the migrations' only when they set
   * another value.
   */
  private static final Map<String, String> NEW_TABLE_DEFAULTS =
      TableMetadata.newTableMetadata(
              new Schema(), PartitionSpec.unpartitioned(), "shadow://defaults", Map.of())
          .properties();

  private static void properties(
      String table,
      Map<String, String> expected,
      Map<String, String> actual,
      List<DriftFinding> out) {
    expected.keySet().stream()
        .sorted()
        .filter(key -> !Objects.equals(expected.get(key), NEW_TABLE_DEFAULTS.get(key)))
        .filter(key -> !Objects.equals(expected.get(key), actual.get(key)))
        .forEach(
            key ->
                out.add(
                    new DriftFinding(
                        table,
                        Kind.PROPERTY,
                        key,
                        TableShapes.shown(key, expected.get(key)),
                        TableShapes.shown(key, actual.get(key)))));
  }

  private static DriftFinding column(
      String table, Kind kind, FieldChange change, String expected, String actual) {
    String subject = kind == Kind.COLUMN_RENAMED ? change.oldName() : change.name();
    return new DriftFinding(table, kind, subject, expected, actual);
  }

  private static String quote(String doc) {
    return doc == null ? "(none)" : "'" + doc + "'";
  }

  private static String required(Boolean value) {
    return Boolean.TRUE.equals(value) ? "required" : "optional";
  }
}
