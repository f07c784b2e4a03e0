package dev.icebergops.test.internal;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * How the data check compares a value as written with the value read: through Iceberg's type
 * promotions, structs by field id.
 *
 * <pre>{@code
 * RowValues.same(Types.IntegerType.get(), 42, Types.LongType.get(), 42L);   // true
 * }</pre>
 */
final class RowValues {

  private RowValues() {}

  /**
   * Whether a value as written equals the value read, the read type possibly promoted: a primitive
   * value in its {@link #canonical} form for the read type, a struct by field id.
   */
  static boolean same(Type writtenType, Object written, Type readType, Object read) {
    if (written == null || read == null) {
      return written == read;
    }
    return switch (readType.typeId()) {
      case STRUCT ->
          sameStruct(
              writtenType.asStructType(), (Record) written, readType.asStructType(), (Record) read);
      case LIST ->
          sameList(
              writtenType.asListType(), (List<?>) written, readType.asListType(), (List<?>) read);
      case MAP ->
          sameMap(
              writtenType.asMapType(), (Map<?, ?>) written, readType.asMapType(), (Map<?, ?>) read);
      default -> canonical(readType, written).equals(canonical(readType, read));
    };
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
    Type then = writtenType.elementType();
    Type now = readType.elementType();
    return written.size() == read.size()
        && IntStream.range(0, written.size())
            .allMatch(i -> same(then, written.get(i), now, read.get(i)));
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

  /**
   * A value given as text where its column has another primitive type (a {@code fillNulls}
   * constant, say), as the value of that type it reads as: {@code "12"} for a long, {@code
   * "2026-01-01"} for a date, {@code "2026-01-01T00:00:00Z"} for a timestamptz; any other value as
   * given.
   *
   * @throws RuntimeException when the text is no value of the type: an {@link
   *     IllegalArgumentException} or a {@link java.time.format.DateTimeParseException}
   */
  static Object typed(Type type, Object value) {
    if (!(value instanceof CharSequence chars)
        || !type.isPrimitiveType()
        || type.typeId() == Type.TypeID.STRING) {
      return value;
    }
    String text = chars.toString();
    return switch (type.typeId()) {
      case BOOLEAN ->
          Boolean.valueOf(Set.of("true", "false").contains(text) ? text : unread(type, text));
      case INTEGER, LONG -> Long.valueOf(text);
      case FLOAT, DOUBLE -> Double.valueOf(text);
      case DECIMAL -> new BigDecimal(text);
      case DATE -> LocalDate.parse(text);
      case TIME -> LocalTime.parse(text);
      case TIMESTAMP ->
          ((Types.TimestampType) type).shouldAdjustToUTC()
              ? OffsetDateTime.parse(text).withOffsetSameInstant(ZoneOffset.UTC)
              : LocalDateTime.parse(text);
      case UUID -> java.util.UUID.fromString(text);
      default -> unread(type, text);
    };
  }

  private static String unread(Type type, String text) {
    throw new IllegalArgumentException("Cannot read \"" + text + "\" as a " + type);
  }

  /** The bytes of a {@code byte[]} or a {@code ByteBuffer}. */
  static byte[] bytes(Object value) {
    if (value instanceof byte[] bytes) {
      return bytes;
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  /**
   * A primitive value in one form for its column's current type, such that two values are equal
   * exactly when {@link #same} finds them the same: a promoted int as a long, a float as a double,
   * a decimal without trailing zeros, bytes as a buffer.
   */
  static Object canonical(Type type, Object value) {
    if (value == null) {
      return null;
    }
    return switch (type.typeId()) {
      case INTEGER, LONG -> ((Number) value).longValue();
      case FLOAT, DOUBLE -> ((Number) value).doubleValue();
      case DECIMAL -> ((BigDecimal) value).stripTrailingZeros();
      case FIXED, BINARY -> ByteBuffer.wrap(bytes(value));
      case STRING -> value.toString();
      default -> value;
    };
  }
}
