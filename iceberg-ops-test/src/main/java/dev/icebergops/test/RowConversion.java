package dev.icebergops.test;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** Turns test rows (maps of plain Java values) into Iceberg generic records of a schema. */
final class RowConversion {

  private RowConversion() {}

  static Record toRecord(String table, Schema schema, Map<String, ?> row) {
    return struct(table, "", schema.asStruct(), row);
  }

  private static Record struct(String table, String prefix, Types.StructType type, Map<?, ?> row) {
    GenericRecord record = GenericRecord.create(type);
    for (Map.Entry<?, ?> entry : row.entrySet()) {
      String name = String.valueOf(entry.getKey());
      Types.NestedField field = type.field(name);
      if (field == null) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot append to %s: no column %s%s (columns: %s)",
                table, prefix, name, type.fields().stream().map(Types.NestedField::name).toList()));
      }
      record.setField(name, value(table, prefix + name, field.type(), entry.getValue()));
    }
    return record;
  }

  private static Object value(String table, String column, Type type, Object value) {
    if (value == null) {
      return null;
    }
    try {
      return convert(table, column, type, value);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot append to %s: value %s (%s) does not fit column %s of type %s",
              table, value, value.getClass().getSimpleName(), column, type),
          e);
    }
  }

  private static Object convert(String table, String column, Type type, Object value) {
    return switch (type.typeId()) {
      case BOOLEAN -> (Boolean) value;
      case INTEGER -> Math.toIntExact(wholeNumber(value));
      case LONG -> wholeNumber(value);
      case FLOAT -> ((Number) value).floatValue();
      case DOUBLE -> ((Number) value).doubleValue();
      case DECIMAL ->
          (value instanceof BigDecimal d ? d : new BigDecimal(value.toString()))
              .setScale(((Types.DecimalType) type).scale());
      case STRING -> (CharSequence) value;
      case DATE -> value instanceof LocalDate d ? d : LocalDate.parse(value.toString());
      case TIME -> value instanceof LocalTime t ? t : LocalTime.parse(value.toString());
      case TIMESTAMP -> timestamp((Types.TimestampType) type, value);
      case UUID -> value instanceof UUID u ? u : UUID.fromString(value.toString());
      case BINARY -> value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : (ByteBuffer) value;
      case FIXED -> fixed((Types.FixedType) type, value);
      case STRUCT -> struct(table, column + ".", type.asStructType(), (Map<?, ?>) value);
      case LIST ->
          ((List<?>) value)
              .stream()
                  .map(
                      element ->
                          value(
                              table, column + ".element", type.asListType().elementType(), element))
                  .toList();
      case MAP -> {
        Map<Object, Object> map = new LinkedHashMap<>();
        Types.MapType mapType = type.asMapType();
        ((Map<?, ?>) value)
            .forEach(
                (k, v) ->
                    map.put(
                        value(table, column + ".key", mapType.keyType(), k),
                        value(table, column + ".value", mapType.valueType(), v)));
        yield map;
      }
      default -> value;
    };
  }

  /** Iceberg's generic writers take a fixed value as a byte array of exactly the type's length. */
  private static byte[] fixed(Types.FixedType type, Object value) {
    byte[] bytes;
    if (value instanceof ByteBuffer buffer) {
      bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
    } else {
      bytes = (byte[]) value;
    }
    if (bytes.length != type.length()) {
      throw new IllegalArgumentException("holds " + bytes.length + " bytes, not " + type.length());
    }
    return bytes;
  }

  private static long wholeNumber(Object value) {
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    throw new IllegalArgumentException("not a whole number");
  }

  private static Object timestamp(Types.TimestampType type, Object value) {
    if (type.shouldAdjustToUTC()) {
      if (value instanceof OffsetDateTime odt) {
        return odt;
      }
      Instant instant =
          value instanceof Instant i ? i : OffsetDateTime.parse(value.toString()).toInstant();
      return instant.atOffset(ZoneOffset.UTC);
    }
    return value instanceof LocalDateTime ldt ? ldt : LocalDateTime.parse(value.toString());
  }
}
