package dev.icebergops.test.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The backfills a data check expects, each bound to its table and column once its version is
 * reached, and the values they expect in a row written before them.
 *
 * <pre>{@code
 * DeclaredBackfills backfills = new DeclaredBackfills(settings.backfills());
 * List<String> problems = backfills.reached("0002", tablesByName);
 * Map<Integer, Expected> expected = backfills.expected(batch, writtenRow, "0003");
 * }</pre>
 */
final class DeclaredBackfills {

  /**
   * The value a backfill expects in one row's column.
   *
   * @param backfill the declaration
   * @param value the value, when computed
   * @param error why it could not be computed, or null
   */
  record Expected(ExpectedBackfill backfill, Object value, RuntimeException error) {}

  /** A backfill bound to its table, as that table was right after the backfill's upgrade. */
  private record Bound(ExpectedBackfill backfill, String uuid, Schema schema, int fieldId) {}

  private final List<ExpectedBackfill> declared;
  private final List<Bound> bound = new ArrayList<>();

  /** How many rows read a backfill's values, since the counts were last taken. */
  private final Map<ExpectedBackfill, Integer> matched = new LinkedHashMap<>();

  DeclaredBackfills(List<ExpectedBackfill> declared) {
    this.declared =
        declared.stream().sorted(Comparator.comparing(ExpectedBackfill::version)).toList();
  }

  /**
   * Binds the backfills of a version that was just reached to their tables.
   *
   * @param version the version reached
   * @param tables every table of the namespace, by name
   * @return what is wrong with a declaration of that version: a table or column it lacks
   */
  List<String> reached(String version, Map<String, Table> tables) {
    List<String> problems = new ArrayList<>();
    for (ExpectedBackfill backfill : declared) {
      if (!backfill.version().equals(version)) {
        continue;
      }
      Table table = tables.get(backfill.table());
      Types.NestedField field = table == null ? null : table.schema().findField(backfill.column());
      if (field == null) {
        problems.add(
            "Cannot check %s: %s right after its upgrade"
                .formatted(
                    backfill.label(),
                    table == null
                        ? "there is no table " + backfill.table()
                        : backfill.table() + " has no column " + backfill.column()));
      } else {
        bound.add(new Bound(backfill, table.uuid().toString(), table.schema(), field.fieldId()));
      }
    }
    return problems;
  }

  /**
   * The field ids, in the batch's table, of the columns backfilled after the batch was written and
   * up to {@code at}.
   */
  Set<Integer> fieldIds(WrittenBatch batch, String at) {
    return applying(batch, at).stream().map(Bound::fieldId).collect(Collectors.toSet());
  }

  /**
   * The values the backfills applied after the batch was written, up to {@code at}, expect in one
   * of its rows, by field id.
   *
   * @param batch the batch the row was written in
   * @param written the row as written
   * @param at the version the namespace is at
   * @return the expected values; empty when no backfill applies
   */
  Map<Integer, Expected> expected(WrittenBatch batch, Record written, String at) {
    Map<Integer, Expected> expected = new LinkedHashMap<>();
    Map<Integer, Object> filled = new HashMap<>();
    for (Bound b : applying(batch, at)) {
      Map<String, Object> row =
          view(b.schema().asStruct(), batch.schema().asStruct(), written, filled);
      try {
        Object value =
            RowValues.typed(b.schema().findType(b.fieldId()), b.backfill().values().apply(row));
        expected.put(b.fieldId(), new Expected(b.backfill(), value, null));
        filled.put(b.fieldId(), value);
      } catch (RuntimeException e) {
        expected.put(b.fieldId(), new Expected(b.backfill(), null, e));
      }
    }
    return expected;
  }

  /** One more row reads the backfill's value. */
  void matched(ExpectedBackfill backfill) {
    matched.merge(backfill, 1, Integer::sum);
  }

  /**
   * How many rows read each bound backfill's values since the last call, zero for none, and starts
   * counting again.
   */
  Map<ExpectedBackfill, Integer> takeMatched() {
    Map<ExpectedBackfill, Integer> counts = new LinkedHashMap<>();
    bound.forEach(b -> counts.put(b.backfill(), matched.getOrDefault(b.backfill(), 0)));
    matched.clear();
    return counts;
  }

  private List<Bound> applying(WrittenBatch batch, String at) {
    return bound.stream()
        .filter(
            b ->
                b.backfill().table().equals(batch.table())
                    && b.uuid().equals(batch.uuid())
                    && b.backfill().version().compareTo(batch.version()) > 0
                    && b.backfill().version().compareTo(at) <= 0)
        .toList();
  }

  /**
   * The row as a backfill's upgrade found it: by the names of the table right after that upgrade,
   * each value as written (or as an earlier backfill filled it), a column added since the row was
   * written null or its initial default.
   */
  private static Map<String, Object> view(
      Types.StructType at,
      Types.StructType writtenType,
      Record written,
      Map<Integer, Object> filled) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (Types.NestedField field : at.fields()) {
      Types.NestedField then = writtenType == null ? null : writtenType.field(field.fieldId());
      Object value;
      if (filled.containsKey(field.fieldId())) {
        value = filled.get(field.fieldId());
      } else if (then == null) {
        value = field.initialDefault();
      } else {
        value = written == null ? null : written.getField(then.name());
        value =
            value instanceof Record nested && field.type().isStructType()
                ? view(field.type().asStructType(), then.type().asStructType(), nested, filled)
                : promoted(field.type(), value);
      }
      row.put(field.name(), value);
    }
    return row;
  }

  /** A value written as an int or a float, as the long or double its column became. */
  private static Object promoted(Type type, Object value) {
    if (value instanceof Integer i && type.typeId() == Type.TypeID.LONG) {
      return i.longValue();
    }
    if (value instanceof Float f && type.typeId() == Type.TypeID.DOUBLE) {
      return f.doubleValue();
    }
    return value;
  }
}
