package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Values compare equal through Iceberg's promotions, and differ when they do. */
class RowValuesTest {

  private static boolean same(Type written, Object a, Type read, Object b) {
    return RowValues.same(written, a, read, b);
  }

  @Test
  void promotedValuesAreTheSame() {
    assertThat(same(Types.IntegerType.get(), 42, Types.LongType.get(), 42L)).isTrue();
    assertThat(same(Types.FloatType.get(), 0.1f, Types.DoubleType.get(), (double) 0.1f)).isTrue();
    assertThat(
            same(
                Types.DecimalType.of(9, 2),
                new BigDecimal("19.90"),
                Types.DecimalType.of(18, 2),
                new BigDecimal("19.90")))
        .isTrue();
    assertThat(
            same(
                Types.FixedType.ofLength(2),
                new byte[] {1, 2},
                Types.FixedType.ofLength(2),
                new byte[] {1, 2}))
        .isTrue();
    assertThat(
            same(
                Types.BinaryType.get(),
                ByteBuffer.wrap(new byte[] {1}),
                Types.BinaryType.get(),
                ByteBuffer.wrap(new byte[] {1})))
        .isTrue();
  }

  @Test
  void aNaNReadBackIsTheNaNWrittenAndASignedZeroKeepsItsSign() {
    // the same rule as the rows' hash keys (canonical): a NaN row is not reported as lost
    assertThat(same(Types.FloatType.get(), Float.NaN, Types.DoubleType.get(), Double.NaN)).isTrue();
    assertThat(same(Types.DoubleType.get(), Double.NaN, Types.DoubleType.get(), Double.NaN))
        .isTrue();
    assertThat(same(Types.DoubleType.get(), -0.0, Types.DoubleType.get(), 0.0)).isFalse();
  }

  @Test
  void otherValuesDiffer() {
    assertThat(same(Types.IntegerType.get(), 42, Types.LongType.get(), 43L)).isFalse();
    assertThat(same(Types.DoubleType.get(), 0.1, Types.DoubleType.get(), 0.2)).isFalse();
    assertThat(same(Types.StringType.get(), "a", Types.StringType.get(), null)).isFalse();
    assertThat(
            same(
                Types.FixedType.ofLength(2),
                new byte[] {1, 2},
                Types.FixedType.ofLength(2),
                new byte[] {1, 3}))
        .isFalse();
    Types.ListType tags = Types.ListType.ofRequired(1, Types.StringType.get());
    assertThat(same(tags, List.of("a", "b"), tags, List.of("a"))).isFalse();
    Types.MapType scores =
        Types.MapType.ofOptional(2, 3, Types.StringType.get(), Types.IntegerType.get());
    assertThat(same(scores, Map.of("a", 1), scores, Map.of("a", 2))).isFalse();
  }

  @Test
  void structsCompareByFieldIdThroughARename() {
    Types.StructType then =
        Types.StructType.of(Types.NestedField.optional(5, "zip", Types.IntegerType.get()));
    Types.StructType now =
        Types.StructType.of(Types.NestedField.optional(5, "postcode", Types.LongType.get()));
    GenericRecord written = GenericRecord.create(then);
    written.setField("zip", 1234);
    GenericRecord read = GenericRecord.create(now);
    read.setField("postcode", 1234L);

    assertThat(same(then, written, now, read)).isTrue();
    read.setField("postcode", 99L);
    assertThat(same(then, written, now, read)).isFalse();
  }

  @Test
  void canonicalFormsAreEqualExactlyWhenTheValuesAreTheSame() {
    assertThat(RowValues.canonical(Types.LongType.get(), 42))
        .isEqualTo(RowValues.canonical(Types.LongType.get(), 42L));
    assertThat(RowValues.canonical(Types.DoubleType.get(), 0.125f))
        .isEqualTo(RowValues.canonical(Types.DoubleType.get(), 0.125d));
    assertThat(RowValues.canonical(Types.DecimalType.of(18, 2), new BigDecimal("19.90")))
        .isEqualTo(RowValues.canonical(Types.DecimalType.of(18, 2), new BigDecimal("19.9")));
    assertThat(RowValues.canonical(Types.FixedType.ofLength(2), new byte[] {1, 2}))
        .isEqualTo(
            RowValues.canonical(Types.FixedType.ofLength(2), ByteBuffer.wrap(new byte[] {1, 2})));
    assertThat(RowValues.canonical(Types.LongType.get(), 42))
        .isNotEqualTo(RowValues.canonical(Types.LongType.get(), 43L));
    assertThat(RowValues.canonical(Types.StringType.get(), "a"))
        .isNotEqualTo(RowValues.canonical(Types.StringType.get(), null));
  }

  @Test
  void aFillNullsTextReadsAsTheValueOfTheColumnsType() {
    assertThat(RowValues.typed(Types.LongType.get(), "12")).isEqualTo(12L);
    assertThat(RowValues.typed(Types.DecimalType.of(12, 2), "2.50"))
        .isEqualTo(new BigDecimal("2.50"));
    assertThat(RowValues.typed(Types.BooleanType.get(), "true")).isEqualTo(true);
    assertThat(RowValues.typed(Types.DateType.get(), "2026-01-01"))
        .isEqualTo(LocalDate.of(2026, 1, 1));
    assertThat(RowValues.typed(Types.TimestampType.withZone(), "2026-01-01T01:00:00+01:00"))
        .isEqualTo(OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC));
    assertThat(RowValues.typed(Types.StringType.get(), "POSTED")).isEqualTo("POSTED");
    assertThat(RowValues.typed(Types.LongType.get(), 12)).isEqualTo(12);
    assertThatThrownBy(() -> RowValues.typed(Types.BooleanType.get(), "yes"))
        .hasMessage("Cannot read \"yes\" as a boolean");
    assertThatThrownBy(() -> RowValues.typed(Types.BinaryType.get(), "0x01"))
        .hasMessage("Cannot read \"0x01\" as a binary");
  }
}
