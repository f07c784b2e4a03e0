package dev.icebergops.test.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Generates rows typed from a schema, in Iceberg's generic representation, from a seed: the same
 * seed and schema give the same rows. Every column gets a value, required or not, so that any loss
 * shows; a type that has no generic value ({@code unknown}) is null.
 */
final class RowGenerator {

  private static final LocalDateTime EPOCH_2026 = LocalDateTime.of(2026, 1, 1, 0, 0);

  private final Random random;

  RowGenerator(long seed) {
    this.random = new Random(seed);
  }

  /**
   * Generates rows for a schema.
   *
   * @param schema the schema the rows follow
   * @param count how many
   * @return the rows
   * @throws UnsupportedOperationException naming the column whose type has no generated value
   */
  List<Record> rows(Schema schema, int count) {
    return IntStream.range(0, count).mapToObj(i -> struct("", schema.asStruct())).toList();
  }

  private Record struct(String prefix, Types.StructType type) {
    GenericRecord record = GenericRecord.create(type);
    for (Types.NestedField field : type.fields()) {
      record.setField(field.name(), value(prefix + field.name(), field.type(), field.isRequired()));
    }
    return record;
  }

  private Object value(String path, Type type, boolean required) {
    return switch (type.typeId()) {
      case BOOLEAN -> random.nextBoolean();
      case INTEGER -> random.nextInt(1_000_000);
      case LONG -> random.nextLong() & 0xFFFFFFFFFFL;
      case FLOAT -> random.nextInt(100_000) / 8f;
      case DOUBLE -> random.nextInt(1_000_000) / 16d;
      case DECIMAL -> decimal((Types.DecimalType) type);
      case STRING -> "s" + Long.toString(random.nextLong() & 0xFFFFFFFFL, 36);
      case DATE -> LocalDate.ofEpochDay(20_000 + random.nextInt(1_000));
      case TIME -> LocalTime.ofSecondOfDay(random.nextInt(86_400)).withNano(micros() * 1000);
      case TIMESTAMP ->
          timestamp(((Types.TimestampType) type).shouldAdjustToUTC(), micros() * 1000L);
      case TIMESTAMP_NANO ->
          timestamp(
              ((Types.TimestampNanoType) type).shouldAdjustToUTC(), random.nextInt(1_000_000));
      case UUID -> new UUID(random.nextLong(), random.nextLong());
      case FIXED -> bytes(((Types.FixedType) type).length());
      case BINARY -> ByteBuffer.wrap(bytes(1 + random.nextInt(8)));
      case STRUCT -> struct(path + ".", type.asStructType());
      case LIST -> list(path, type.asListType());
      case MAP -> map(path, type.asMapType());
      case UNKNOWN -> null;
      default -> {
        if (required) {
          throw new UnsupportedOperationException(
              "Cannot generate a value for required column " + path + " of type " + type);
        }
        yield null;
      }
    };
  }

  private int micros() {
    return random.nextInt(1_000_000);
  }

  private BigDecimal decimal(Types.DecimalType type) {
    int digits = Math.min(type.precision(), 12);
    long bound = (long) Math.pow(10, digits);
    return new BigDecimal(
        BigInteger.valueOf(Math.floorMod(random.nextLong(), bound)), type.scale());
  }

  private Object timestamp(boolean utc, long nanos) {
    LocalDateTime value = EPOCH_2026.plusSeconds(random.nextInt(31_536_000)).plusNanos(nanos);
    return utc ? value.atOffset(ZoneOffset.UTC) : value;
  }

  private byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private List<Object> list(String path, Types.ListType type) {
    return IntStream.range(0, 1 + random.nextInt(2))
        .mapToObj(i -> value(path + ".element", type.elementType(), type.isElementRequired()))
        .toList();
  }

  private Map<Object, Object> map(String path, Types.MapType type) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0, n = 1 + random.nextInt(2); i < n; i++) {
      map.put(
          value(path + ".key", type.keyType(), true),
          value(path + ".value", type.valueType(), type.isValueRequired()));
    }
    return map;
  }
}
