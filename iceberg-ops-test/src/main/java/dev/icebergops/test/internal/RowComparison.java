package dev.icebergops.test.internal;

import dev.icebergops.test.internal.DataLoss.Kind;
import dev.icebergops.test.internal.DataLoss.Sample;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * Compares the rows of one batch, as written, with the same rows as they read now, by field id: a
 * renamed column keeps its id, a promoted one reads the widened value, a column added later reads
 * null or its initial default (a value where it read null is a fill, {@link DataLoss.Kind#FILLED},
 * not a loss; another value than its initial default, or null where it has one, is a change), and a
 * column a declared backfill wrote reads the value it declares.
 *
 * <p>A row is found first where it was written (its file and position), else by its values among
 * the rows of files the check did not write ({@link MovedRows}), so that a migration may rewrite
 * files as long as it keeps the rows: the key is the table's identifier fields when it declares
 * them, else every top-level primitive column the row was written with that still exists and that
 * no backfill wrote. A row whose key matches none is paired with the moved row that agrees on most
 * of it (and its other values compared), or else reported gone. Both passes run batch by batch:
 * first {@link #matchExactly()} for every batch of a table, then {@link #pairTheRest()}.
 *
 * <pre>{@code
 * RowComparison comparison = new RowComparison(batch, now, moved, backfills, "0003", Set.of());
 * comparison.matchExactly();
 * comparison.pairTheRest();
 * List<DataLoss> losses = comparison.losses();
 * }</pre>
 */
final class RowComparison {

  /** One written row and what it is compared with. */
  private record Row(
      Record written, Record actual, Map<Integer, DeclaredBackfills.Expected> expected) {}

  /** The losses found so far, by kind and field id. */
  private final Map<String, DataLoss> found = new LinkedHashMap<>();

  private final WrittenBatch batch;
  private final TableRead now;
  private final MovedRows moved;
  private final DeclaredBackfills backfills;
  private final String at;
  private final List<Integer> keyIds;
  private final List<Record> unmatched = new ArrayList<>();

  /** The keys ({@link DataLoss#key()}) of the losses to leave out: those reported already. */
  private final Set<String> known;

  /**
   * Prepares the comparison of a batch with how its table reads now.
   *
   * @param batch the rows as written
   * @param now the table as it reads now, or null when it is gone
   * @param moved the table's rows outside the files the check wrote, shared by its batches
   * @param backfills the declared backfills
   * @param at the version the namespace is at: the backfills up to it apply
   * @param known the keys of the losses to leave out, read during the comparison
   */
  RowComparison(
      WrittenBatch batch,
      TableRead now,
      MovedRows moved,
      DeclaredBackfills backfills,
      String at,
      Set<String> known) {
    this.batch = batch;
    this.known = known;
    this.now = now;
    this.moved = moved;
    this.backfills = backfills;
    this.at = at;
    this.keyIds = gone() ? List.of() : keyIds();
  }

  private boolean gone() {
    return now == null || !now.uuid().equals(batch.uuid());
  }

  /** Finds each row where it was written or by its values, and compares it; or the whole table. */
  void matchExactly() {
    if (gone()) {
      wholeTable(now == null ? Kind.TABLE_DROPPED : Kind.TABLE_REPLACED);
      return;
    }
    Types.StructType writtenType = batch.schema().asStruct();
    for (RowFiles.Written file : batch.files()) {
      Map<Long, Record> read = now.rows().getOrDefault(file.path(), Map.of());
      for (int pos = 0; pos < file.rows().size(); pos++) {
        Record written = file.rows().get(pos);
        Record actual = read.get((long) pos);
        if (actual == null) {
          actual = moved.claim(writtenType, written, keyIds);
        }
        if (actual == null) {
          unmatched.add(written);
        } else {
          compare(written, actual);
        }
      }
    }
  }

  /** Pairs each row not found with the moved row it most likely became, or reports it gone. */
  void pairTheRest() {
    Types.StructType writtenType = batch.schema().asStruct();
    for (Record written : unmatched) {
      Record actual = moved.closest(writtenType, written, keyIds);
      if (actual == null) {
        note(Kind.ROWS_GONE, 0, "", "", null, () -> render(written), () -> "(gone)", null);
      } else {
        compare(written, actual);
      }
    }
    unmatched.clear();
  }

  /** The losses found, one per kind and field id. */
  List<DataLoss> losses() {
    return List.copyOf(found.values());
  }

  /**
   * The field ids a row is found by: the table's identifier fields when it has them and the row was
   * written with them, else the top-level primitive columns of both schemas, backfilled ones aside.
   */
  private List<Integer> keyIds() {
    Types.StructType written = batch.schema().asStruct();
    Schema current = now.schema();
    Set<Integer> backfilled = backfills.fieldIds(batch, at);
    Set<Integer> identifiers = current.identifierFieldIds();
    if (!identifiers.isEmpty()
        && identifiers.stream()
            .allMatch(id -> written.field(id) != null && !backfilled.contains(id))) {
      return identifiers.stream().sorted().toList();
    }
    Types.StructType then = current.asStruct();
    return written.fields().stream()
        .filter(field -> field.type().isPrimitiveType() && !backfilled.contains(field.fieldId()))
        .map(Types.NestedField::fieldId)
        .filter(id -> then.field(id) != null && then.field(id).type().isPrimitiveType())
        .toList();
  }

  private void compare(Record written, Record actual) {
    Row row = new Row(written, actual, backfills.expected(batch, written, at));
    struct("", batch.schema().asStruct(), written, now.schema().asStruct(), actual, row);
  }

  private void wholeTable(Kind kind) {
    String columns =
        batch.schema().columns().stream()
            .map(f -> f.name() + " (id=" + f.fieldId() + ")")
            .collect(Collectors.joining(", "));
    String after = kind == Kind.TABLE_DROPPED ? "(table gone)" : "(not in the new table)";
    batch.files().stream()
        .flatMap(file -> file.rows().stream())
        .forEach(row -> note(kind, 0, columns, "", null, () -> render(row), () -> after, null));
  }

  private void struct(
      String prefix,
      Types.StructType writtenType,
      Record written,
      Types.StructType currentType,
      Record actual,
      Row row) {
    for (Types.NestedField field : writtenType.fields()) {
      Object value = written == null ? null : written.getField(field.name());
      Types.NestedField now = currentType.field(field.fieldId());
      String path = prefix + field.name();
      if (now == null) {
        if (value != null) {
          note(Kind.COLUMN_DROPPED, field, path, row, null);
        }
        continue;
      }
      Object read = actual == null ? null : actual.getField(now.name());
      if (row.expected().containsKey(now.fieldId())) {
        asDeclared(now, path, read, row);
      } else if (field.type().isStructType() && now.type().isStructType()) {
        struct(
            path + ".",
            field.type().asStructType(),
            (Record) value,
            now.type().asStructType(),
            (Record) read,
            row);
      } else if (!RowValues.same(field.type(), value, now.type(), read)) {
        note(Kind.VALUES_CHANGED, field, path, row, null);
      }
    }
    for (Types.NestedField now : currentType.fields()) {
      if (writtenType.field(now.fieldId()) == null && actual != null) {
        Object read = actual.getField(now.name());
        if (row.expected().containsKey(now.fieldId())) {
          asDeclared(now, prefix + now.name(), read, row);
        } else if (!RowValues.same(now.type(), now.initialDefault(), now.type(), read)) {
          // a value where it read null is a fill; another value than its initial default, or
          // null where it has one, is a change
          Object initial = now.initialDefault();
          String expected = initial == null ? null : now.name() + "=" + render(initial);
          Kind kind = initial == null ? Kind.FILLED : Kind.VALUES_CHANGED;
          note(kind, now, prefix + now.name(), row, expected);
        }
      }
    }
  }

  /** A backfilled column must read what its backfill declares. */
  private void asDeclared(Types.NestedField column, String path, Object read, Row row) {
    DeclaredBackfills.Expected expected = row.expected().get(column.fieldId());
    boolean same;
    try {
      same =
          expected.error() == null
              && RowValues.same(column.type(), expected.value(), column.type(), read);
    } catch (ClassCastException e) {
      same = false; // a value of another type than the column's
    }
    if (same) {
      backfills.matched(expected.backfill());
    } else {
      String value =
          expected.error() == null
              ? render(expected.value())
              : "(cannot compute: " + expected.error() + ")";
      note(Kind.NOT_AS_DECLARED, column, path, row, column.name() + "=" + value);
    }
  }

  private void note(Kind kind, Types.NestedField field, String path, Row row, String expected) {
    DeclaredBackfills.Expected declared =
        kind == Kind.NOT_AS_DECLARED ? row.expected().get(field.fieldId()) : null;
    note(
        kind,
        field.fieldId(),
        path,
        field.type().toString(),
        declared == null ? null : declared.backfill(),
        () -> render(row.written()),
        () -> render(row.actual()),
        expected);
  }

  private void note(
      Kind kind,
      int fieldId,
      String column,
      String type,
      ExpectedBackfill backfill,
      Supplier<String> before,
      Supplier<String> after,
      String expected) {
    if (!known.isEmpty() && known.contains(DataLoss.key(kind, batch.table(), fieldId, backfill))) {
      // reported at an earlier step: on the walk down, a column dropped above is met at every step
      // after, and building and merging its findings again grew as the chain times the chain
      return;
    }
    // a row is rendered only when its sample is shown (a sample past the first few is dropped): on
    // a wide table, rendering every row of every loss (a column dropped on the way down, say) was
    // most of the data check's time
    DataLoss row =
        new DataLoss(
            kind,
            batch.table(),
            fieldId,
            column,
            type,
            1,
            List.of(batch.version()),
            List.of(new Sample(before, after, expected)),
            backfill);
    found.merge(kind + " " + fieldId, row, DataLoss::plus);
  }

  /** A row as {@code {id=1, note=sa7f}}, nested structs alike. */
  static String render(Object value) {
    if (value instanceof Record record) {
      return record.struct().fields().stream()
          .filter(field -> !MetadataColumns.isMetadataColumn(field.name()))
          .map(field -> field.name() + "=" + render(record.getField(field.name())))
          .collect(Collectors.joining(", ", "{", "}"));
    }
    if (value instanceof ByteBuffer || value instanceof byte[]) {
      return "0x" + java.util.HexFormat.of().formatHex(RowValues.bytes(value));
    }
    return String.valueOf(value);
  }
}
