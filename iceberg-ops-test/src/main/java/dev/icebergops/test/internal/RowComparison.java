package dev.icebergops.test.internal;

import dev.icebergops.test.internal.DataLoss.Kind;
import dev.icebergops.test.internal.DataLoss.Sample;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Compares the rows of one batch, as written, with the same rows as they read now, by field id: a
 * renamed column keeps its id, a promoted one reads the widened value, a column added later reads
 * null or its initial default.
 */
final class RowComparison {

  /** The losses found so far, by kind and field id. */
  private final Map<String, Found> found = new LinkedHashMap<>();

  private final DataLedger.Batch batch;

  private RowComparison(DataLedger.Batch batch) {
    this.batch = batch;
  }

  /**
   * Compares a batch with how its table reads now.
   *
   * @param batch the rows as written
   * @param now the table as it reads now, or null when it is gone
   * @return the losses, one per kind and field id
   */
  static List<DataLoss> compare(DataLedger.Batch batch, DataLedger.TableRead now) {
    RowComparison comparison = new RowComparison(batch);
    if (now == null || !now.uuid().equals(batch.uuid())) {
      comparison.wholeTable(now == null ? Kind.TABLE_DROPPED : Kind.TABLE_REPLACED);
    } else {
      comparison.rows(now);
    }
    return comparison.found.values().stream().map(Found::loss).toList();
  }

  private void wholeTable(Kind kind) {
    String columns =
        String.join(
            ", ",
            batch.schema().columns().stream()
                .map(f -> f.name() + " (id=" + f.fieldId() + ")")
                .toList());
    String after = kind == Kind.TABLE_DROPPED ? "(table gone)" : "(not in the new table)";
    for (RowFiles.Written file : batch.files()) {
      for (Record row : file.rows()) {
        note(kind, 0, columns, "", row, after);
      }
    }
  }

  private void rows(DataLedger.TableRead now) {
    Types.StructType current = now.schema().asStruct();
    for (RowFiles.Written file : batch.files()) {
      Map<Long, Record> read = now.rows().getOrDefault(file.path(), Map.of());
      for (int pos = 0; pos < file.rows().size(); pos++) {
        Record written = file.rows().get(pos);
        Record actual = read.get((long) pos);
        if (actual == null) {
          note(Kind.ROWS_GONE, 0, "", "", written, "(gone)");
        } else {
          struct("", batch.schema().asStruct(), written, current, actual, written, actual);
        }
      }
    }
  }

  private void struct(
      String prefix,
      Types.StructType writtenType,
      Record written,
      Types.StructType currentType,
      Record actual,
      Record writtenRow,
      Record actualRow) {
    for (Types.NestedField field : writtenType.fields()) {
      Object value = written == null ? null : written.getField(field.name());
      Types.NestedField now = currentType.field(field.fieldId());
      String path = prefix + field.name();
      if (now == null) {
        if (value != null) {
          note(Kind.COLUMN_DROPPED, field, path, writtenRow, actualRow);
        }
        continue;
      }
      Object read = actual == null ? null : actual.getField(now.name());
      if (field.type().isStructType() && now.type().isStructType()) {
        struct(
            path + ".",
            field.type().asStructType(),
            (Record) value,
            now.type().asStructType(),
            (Record) read,
            writtenRow,
            actualRow);
      } else if (!same(field.type(), value, now.type(), read)) {
        note(Kind.VALUES_CHANGED, field, path, writtenRow, actualRow);
      }
    }
    for (Types.NestedField now : currentType.fields()) {
      if (writtenType.field(now.fieldId()) == null && actual != null) {
        Object read = actual.getField(now.name());
        if (read != null && !same(now.type(), now.initialDefault(), now.type(), read)) {
          note(Kind.ADDED_COLUMN_NOT_NULL, now, prefix + now.name(), writtenRow, actualRow);
        }
      }
    }
  }

  /** Whether a value as written equals the value read, the read type possibly promoted. */
  static boolean same(Type writtenType, Object written, Type readType, Object read) {
    if (written == null || read == null) {
      return written == read;
    }
    switch (readType.typeId()) {
      case LONG:
      case INTEGER:
        return ((Number) written).longValue() == ((Number) read).longValue();
      case DOUBLE:
      case FLOAT:
        return ((Number) written).doubleValue() == ((Number) read).doubleValue();
      case DECIMAL:
        return ((BigDecimal) written).compareTo((BigDecimal) read) == 0;
      case FIXED:
      case BINARY:
        return Arrays.equals(bytes(written), bytes(read));
      case STRING:
        return written.toString().equals(read.toString());
      case STRUCT:
        return sameStruct(
            writtenType.asStructType(), (Record) written, readType.asStructType(), (Record) read);
      case LIST:
        return sameList(
            writtenType.asListType(), (List<?>) written, readType.asListType(), (List<?>) read);
      case MAP:
        return sameMap(
            writtenType.asMapType(), (Map<?, ?>) written, readType.asMapType(), (Map<?, ?>) read);
      default:
        return Objects.equals(written, read);
    }
  }

  private static boolean sameStruct(
      Types.StructType writtenType, Record written, Types.StructType readType, Record read) {
    for (Types.NestedField field : writtenType.fields()) {
      Types.NestedField now = readType.field(field.fieldId());
      Object value = written.getField(field.name());
      if (now == null
          ? value != null
          : !same(field.type(), value, now.type(), read.getField(now.name()))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameList(
      Types.ListType writtenType, List<?> written, Types.ListType readType, List<?> read) {
    if (written.size() != read.size()) {
      return false;
    }
    for (int i = 0; i < written.size(); i++) {
      if (!same(writtenType.elementType(), written.get(i), readType.elementType(), read.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameMap(
      Types.MapType writtenType, Map<?, ?> written, Types.MapType readType, Map<?, ?> read) {
    if (written.size() != read.size()) {
      return false;
    }
    Iterator<? extends Map.Entry<?, ?>> then = written.entrySet().iterator();
    Iterator<? extends Map.Entry<?, ?>> now = read.entrySet().iterator();
    while (then.hasNext()) {
      Map.Entry<?, ?> a = then.next();
      Map.Entry<?, ?> b = now.next();
      if (!same(writtenType.keyType(), a.getKey(), readType.keyType(), b.getKey())
          || !same(writtenType.valueType(), a.getValue(), readType.valueType(), b.getValue())) {
        return false;
      }
    }
    return true;
  }

  private static byte[] bytes(Object value) {
    if (value instanceof byte[] bytes) {
      return bytes;
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  private void note(
      Kind kind, Types.NestedField field, String path, Record written, Record actual) {
    note(kind, field.fieldId(), path, field.type().toString(), written, render(actual));
  }

  private void note(
      Kind kind, int fieldId, String column, String type, Record written, String after) {
    found
        .computeIfAbsent(kind + " " + fieldId, k -> new Found(kind, fieldId, column, type))
        .add(render(written), after);
  }

  /** A row as {@code {id=1, note=sa7f}}, nested structs alike. */
  static String render(Object value) {
    if (value instanceof Record record) {
      StringJoiner out = new StringJoiner(", ", "{", "}");
      for (Types.NestedField field : record.struct().fields()) {
        if (MetadataColumns.isMetadataColumn(field.name())) {
          continue;
        }
        out.add(field.name() + "=" + render(record.getField(field.name())));
      }
      return out.toString();
    }
    if (value instanceof ByteBuffer || value instanceof byte[]) {
      return "0x" + java.util.HexFormat.of().formatHex(bytes(value));
    }
    return String.valueOf(value);
  }

  /** A loss being collected. */
  private final class Found {
    private final Kind kind;
    private final int fieldId;
    private final String column;
    private final String type;
    private final List<Sample> samples = new ArrayList<>();
    private int rows;

    Found(Kind kind, int fieldId, String column, String type) {
      this.kind = kind;
      this.fieldId = fieldId;
      this.column = column;
      this.type = type;
    }

    void add(String before, String after) {
      rows++;
      if (samples.size() < DataLoss.SAMPLES) {
        samples.add(new Sample(before, after));
      }
    }

    DataLoss loss() {
      return new DataLoss(
          kind, batch.table(), fieldId, column, type, rows, List.of(batch.version()), samples);
    }
  }
}
