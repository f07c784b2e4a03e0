package dev.icebergops.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.apache.iceberg.types.EdgeAlgorithm;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullSource;

class IcebergTypesTest {

  // ---- Parse ----

  static Stream<Arguments> acceptedSpellings() {
    return Stream.of(
        Arguments.of("boolean", Types.BooleanType.get()),
        Arguments.of("BOOLEAN", Types.BooleanType.get()),
        Arguments.of("int", Types.IntegerType.get()),
        Arguments.of("integer", Types.IntegerType.get()),
        Arguments.of("INTEGER", Types.IntegerType.get()),
        Arguments.of("Int", Types.IntegerType.get()),
        Arguments.of("long", Types.LongType.get()),
        Arguments.of("Long", Types.LongType.get()),
        Arguments.of("  long  ", Types.LongType.get()),
        Arguments.of("float", Types.FloatType.get()),
        Arguments.of("double", Types.DoubleType.get()),
        Arguments.of("string", Types.StringType.get()),
        Arguments.of("String", Types.StringType.get()),
        Arguments.of("binary", Types.BinaryType.get()),
        Arguments.of("date", Types.DateType.get()),
        Arguments.of("time", Types.TimeType.get()),
        Arguments.of("timestamp", Types.TimestampType.withoutZone()),
        Arguments.of("timestamptz", Types.TimestampType.withZone()),
        Arguments.of("TIMESTAMPTZ", Types.TimestampType.withZone()),
        Arguments.of("uuid", Types.UUIDType.get()),
        Arguments.of("decimal(10,2)", Types.DecimalType.of(10, 2)),
        Arguments.of("decimal(10, 2)", Types.DecimalType.of(10, 2)),
        Arguments.of("decimal( 10 , 2 )", Types.DecimalType.of(10, 2)),
        Arguments.of("decimal (10,2)", Types.DecimalType.of(10, 2)),
        Arguments.of("DECIMAL(10, 2)", Types.DecimalType.of(10, 2)),
        Arguments.of("Decimal(38,38)", Types.DecimalType.of(38, 38)),
        Arguments.of("decimal(1,0)", Types.DecimalType.of(1, 0)),
        Arguments.of("decimal(38,0)", Types.DecimalType.of(38, 0)),
        Arguments.of("decimal(010,02)", Types.DecimalType.of(10, 2)),
        Arguments.of("fixed[16]", Types.FixedType.ofLength(16)),
        Arguments.of("fixed[1000000000]", Types.FixedType.ofLength(1_000_000_000)),
        Arguments.of("fixed[ 16 ]", Types.FixedType.ofLength(16)),
        Arguments.of("FIXED[1]", Types.FixedType.ofLength(1)),
        Arguments.of("fixed [4]", Types.FixedType.ofLength(4)),
        Arguments.of("timestamp_ns", Types.TimestampNanoType.withoutZone()),
        Arguments.of("timestamptz_ns", Types.TimestampNanoType.withZone()),
        Arguments.of("TIMESTAMP_NS", Types.TimestampNanoType.withoutZone()),
        Arguments.of("unknown", Types.UnknownType.get()),
        Arguments.of("geometry", Types.GeometryType.crs84()),
        Arguments.of("geography", Types.GeographyType.crs84()),
        Arguments.of("GEOMETRY", Types.GeometryType.crs84()),
        Arguments.of("geometry(OGC:CRS84)", Types.GeometryType.crs84()),
        Arguments.of("geometry(EPSG:4326)", Types.GeometryType.of("EPSG:4326")),
        Arguments.of("geometry ( EPSG:4326 )", Types.GeometryType.of("EPSG:4326")),
        Arguments.of("Geometry(srid:4326)", Types.GeometryType.of("srid:4326")),
        Arguments.of(
            "geometry(projjson:my.crs-prop)", Types.GeometryType.of("projjson:my.crs-prop")),
        Arguments.of("geography(OGC:CRS84)", Types.GeographyType.crs84()),
        Arguments.of(
            "geography(EPSG:4326, karney)",
            Types.GeographyType.of("EPSG:4326", EdgeAlgorithm.KARNEY)),
        Arguments.of(
            "geography(srid:4269,VINCENTY)",
            Types.GeographyType.of("srid:4269", EdgeAlgorithm.VINCENTY)),
        Arguments.of(
            "GEOGRAPHY( OGC:CRS84 , spherical )",
            Types.GeographyType.of("OGC:CRS84", EdgeAlgorithm.SPHERICAL)));
  }

  @ParameterizedTest(name = "[{index}] \"{0}\" -> {1}")
  @MethodSource("acceptedSpellings")
  void parsesEveryAcceptedSpelling(String text, Type expected) {
    assertThat(IcebergTypes.parse(text)).isEqualTo(expected);
  }

  static Stream<Arguments> rejectedSpellings() {
    return Stream.of(
        Arguments.of("", "the type string is empty"),
        Arguments.of("   ", "the type string is empty"),
        Arguments.of("\t", "the type string is empty"),
        Arguments.of("struct<a: int>", "nested types are not supported"),
        Arguments.of("STRUCT<a:int>", "nested types are not supported"),
        Arguments.of("struct", "nested types are not supported"),
        Arguments.of("list<int>", "nested types are not supported"),
        Arguments.of("list", "nested types are not supported"),
        Arguments.of("map<string, int>", "nested types are not supported"),
        Arguments.of("array<int>", "nested types are not supported"),
        Arguments.of("decimal(0,0)", "decimal precision must be between 1 and 38, got 0"),
        Arguments.of("decimal(39,2)", "decimal precision must be between 1 and 38, got 39"),
        Arguments.of(
            "decimal(99999999999,2)",
            "decimal precision must be between 1 and 38, got 99999999999"),
        Arguments.of(
            "decimal(10,11)", "decimal scale must be between 0 and the precision 10, got 11"),
        Arguments.of("decimal", "expected decimal(P,S)"),
        Arguments.of("decimal(10)", "expected decimal(P,S)"),
        Arguments.of("decimal(10,)", "expected decimal(P,S)"),
        Arguments.of("decimal(-1,2)", "expected decimal(P,S)"),
        Arguments.of("decimal(a,b)", "expected decimal(P,S)"),
        Arguments.of("decimal[10,2]", "expected decimal(P,S)"),
        Arguments.of("fixed[0]", "fixed length must be at least 1, got 0"),
        Arguments.of("fixed[99999999999]", "fixed length is too large, got 99999999999"),
        Arguments.of("fixed", "expected fixed[N]"),
        Arguments.of("fixed[]", "expected fixed[N]"),
        Arguments.of("fixed(16)", "expected fixed[N]"),
        Arguments.of("fixed[-1]", "expected fixed[N]"),
        Arguments.of("varchar", "unknown type, expected one of boolean, int, integer"),
        Arguments.of("decimals", "unknown type"),
        Arguments.of("int64", "unknown type"),
        Arguments.of("variant", "unknown type"),
        Arguments.of("map", "unknown type"),
        // a NUL or another control character is never trimmed away
        Arguments.of("long\u0000", "unknown type"),
        Arguments.of("\u0000long", "unknown type"),
        Arguments.of("long\u001f", "unknown type"),
        Arguments.of("decimal(10,2)\u0000", "expected decimal(P,S)"),
        Arguments.of("geometry\u0000", "expected geometry, geometry(CRS)"),
        Arguments.of("geometry(EPSG:4326\u0000)", "is not authority:code"),
        Arguments.of("geometry(EPSG:4326)\u0000", "expected geometry, geometry(CRS)"),
        Arguments.of("\u0000", "unknown type"),
        // geometry and geography parameters, by the spec's rules
        Arguments.of("geometry()", "the CRS '' is not authority:code"),
        Arguments.of("geometry(  )", "the CRS '' is not authority:code"),
        Arguments.of("geometry(4326)", "the CRS '4326' is not authority:code"),
        Arguments.of("geometry(EPSG 4326)", "is not authority:code"),
        Arguments.of("geometry(EPSG:)", "is not authority:code"),
        Arguments.of("geometry(:4326)", "is not authority:code"),
        Arguments.of("geometry(EPSG:4326:x)", "is not authority:code"),
        Arguments.of("geometry(srid:abc)", "must give a number after srid:"),
        Arguments.of("geometry(anything at all ; drop table)", "is not authority:code"),
        Arguments.of("geometry(EPSG:4326, spherical)", "geometry takes one parameter, the CRS"),
        Arguments.of("geometry(EPSG:4326", "expected geometry, geometry(CRS)"),
        Arguments.of("geometry EPSG:4326", "expected geometry, geometry(CRS)"),
        Arguments.of("geometry((EPSG:4326))", "expected geometry, geometry(CRS)"),
        Arguments.of("geometry(EPSG:4326)x", "expected geometry, geometry(CRS)"),
        Arguments.of("geography(,karney)", "the CRS '' is not authority:code"),
        Arguments.of("geography(EPSG:4326,)", "the edge algorithm '' is not one of"),
        Arguments.of(
            "geography(EPSG:4326, planar)",
            "the edge algorithm 'planar' is not one of spherical, vincenty, thomas, andoyer,"
                + " karney"),
        Arguments.of("geography(EPSG:4326, karney, x)", "geography takes at most two parameters"),
        Arguments.of("geometryx", "unknown type"),
        Arguments.of("x".repeat(513), "longer than 512 characters"));
  }

  @ParameterizedTest(name = "[{index}] \"{0}\" is rejected: {1}")
  @MethodSource("rejectedSpellings")
  void rejectsWithAMessageNamingTheProblem(String text, String fragment) {
    assertThatThrownBy(() -> IcebergTypes.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot parse type")
        .hasMessageContaining(fragment);
  }

  @ParameterizedTest
  @NullSource
  void rejectsNull(String text) {
    assertThatThrownBy(() -> IcebergTypes.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the type string is empty");
  }

  @Test
  void typeStringOfExactlyTheLengthLimitIsParsed() {
    String property = "p".repeat(IcebergTypes.MAX_LENGTH - "geometry(projjson:)".length());
    String text = "geometry(projjson:" + property + ")";
    assertThat(text).hasSize(IcebergTypes.MAX_LENGTH);

    assertThat(IcebergTypes.parse(text)).isEqualTo(Types.GeometryType.of("projjson:" + property));
  }

  @Test
  void rejectionQuotesTheOriginalSpelling() {
    assertThatThrownBy(() -> IcebergTypes.parse("DECIMAL(39, 2)"))
        .hasMessageContaining("'DECIMAL(39, 2)'");
  }

  @Test
  void unknownTypeMessageListsTheGrammar() {
    assertThatThrownBy(() -> IcebergTypes.parse("text"))
        .hasMessageContaining("decimal(P,S)")
        .hasMessageContaining("fixed[N]")
        .hasMessageContaining("timestamptz_ns")
        .hasMessageContaining("geography");
  }

  @Test
  void formatRoundTripsThroughParse() {
    for (String text :
        new String[] {"int", "long", "decimal(10,2)", "fixed[16]", "timestamptz", "uuid"}) {
      Type parsed = IcebergTypes.parse(text);
      assertThat(IcebergTypes.parse(IcebergTypes.format(parsed))).isEqualTo(parsed);
    }
    assertThat(IcebergTypes.format(Types.DecimalType.of(10, 2))).isEqualTo("decimal(10,2)");
  }

  // ---- IsPromotion ----

  static Stream<Arguments> allowed() {
    return Stream.of(
        Arguments.of(Types.IntegerType.get(), Types.LongType.get()),
        Arguments.of(Types.FloatType.get(), Types.DoubleType.get()),
        Arguments.of(Types.DecimalType.of(10, 2), Types.DecimalType.of(12, 2)),
        Arguments.of(Types.DecimalType.of(1, 0), Types.DecimalType.of(38, 0)));
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1} is a promotion")
  @MethodSource("allowed")
  void allowListedWideningsArePromotions(Type from, Type to) {
    assertThat(IcebergTypes.isPromotion(from, to)).isTrue();
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("long -> int", Types.LongType.get(), Types.IntegerType.get()),
        Arguments.of("int -> string", Types.IntegerType.get(), Types.StringType.get()),
        Arguments.of("string -> binary", Types.StringType.get(), Types.BinaryType.get()),
        Arguments.of("binary -> string", Types.BinaryType.get(), Types.StringType.get()),
        Arguments.of(
            "decimal scale change", Types.DecimalType.of(10, 2), Types.DecimalType.of(12, 4)),
        Arguments.of(
            "decimal same precision, other scale",
            Types.DecimalType.of(10, 2),
            Types.DecimalType.of(10, 3)),
        Arguments.of("decimal narrowing", Types.DecimalType.of(12, 2), Types.DecimalType.of(10, 2)),
        Arguments.of("timestamp -> date", Types.TimestampType.withoutZone(), Types.DateType.get()),
        Arguments.of("date -> timestamp", Types.DateType.get(), Types.TimestampType.withoutZone()),
        Arguments.of(
            "timestamp -> timestamptz",
            Types.TimestampType.withoutZone(),
            Types.TimestampType.withZone()),
        Arguments.of("equal int", Types.IntegerType.get(), Types.IntegerType.get()),
        Arguments.of("equal decimal", Types.DecimalType.of(10, 2), Types.DecimalType.of(10, 2)),
        Arguments.of("int -> double", Types.IntegerType.get(), Types.DoubleType.get()),
        Arguments.of("double -> float", Types.DoubleType.get(), Types.FloatType.get()),
        Arguments.of("float -> long", Types.FloatType.get(), Types.LongType.get()),
        Arguments.of("int -> decimal", Types.IntegerType.get(), Types.DecimalType.of(10, 0)),
        Arguments.of("fixed widening", Types.FixedType.ofLength(4), Types.FixedType.ofLength(8)),
        Arguments.of(
            "struct -> struct",
            Types.StructType.of(Types.NestedField.optional(1, "a", Types.IntegerType.get())),
            Types.StructType.of(Types.NestedField.optional(1, "a", Types.LongType.get()))),
        Arguments.of("null -> long", null, Types.LongType.get()),
        Arguments.of("int -> null", Types.IntegerType.get(), null));
  }

  @ParameterizedTest(name = "[{index}] {0} is not a promotion")
  @MethodSource("refused")
  void everythingElseIsNotAPromotion(String label, Type from, Type to) {
    assertThat(IcebergTypes.isPromotion(from, to)).as(label).isFalse();
  }

  @Test
  void decimalScaleChangeIsNotAPromotion() {
    assertThat(IcebergTypes.isPromotion(Types.DecimalType.of(10, 2), Types.DecimalType.of(11, 3)))
        .isFalse();
  }

  @Test
  void equalTypesAreNotAPromotion() {
    assertThat(IcebergTypes.isPromotion(Types.LongType.get(), Types.LongType.get())).isFalse();
  }

  // ---- StructurallyEqual ----

  private final Types.StructType address =
      Types.StructType.of(
          Types.NestedField.required(1, "street", Types.StringType.get(), "street line"),
          Types.NestedField.optional(2, "zip", Types.IntegerType.get()));

  @Test
  void structWithOtherIdsOrderAndDocsIsEqual() {
    Types.StructType other =
        Types.StructType.of(
            Types.NestedField.optional(20, "zip", Types.IntegerType.get(), "postal code"),
            Types.NestedField.required(10, "street", Types.StringType.get()));

    assertThat(IcebergTypes.structurallyEqual(address, other)).isTrue();
    assertThat(IcebergTypes.structurallyEqual(other, address)).isTrue();
  }

  @Test
  void structWithOtherOptionalityIsNotEqual() {
    Types.StructType other =
        Types.StructType.of(
            Types.NestedField.optional(1, "street", Types.StringType.get()),
            Types.NestedField.optional(2, "zip", Types.IntegerType.get()));

    assertThat(IcebergTypes.structurallyEqual(address, other)).isFalse();
  }

  @Test
  void structWithOtherNestedPrimitiveIsNotEqual() {
    Types.StructType other =
        Types.StructType.of(
            Types.NestedField.required(1, "street", Types.StringType.get()),
            Types.NestedField.optional(2, "zip", Types.LongType.get()));

    assertThat(IcebergTypes.structurallyEqual(address, other)).isFalse();
  }

  @Test
  void structWithOtherFieldNameIsNotEqual() {
    Types.StructType other =
        Types.StructType.of(
            Types.NestedField.required(1, "street", Types.StringType.get()),
            Types.NestedField.optional(2, "postcode", Types.IntegerType.get()));

    assertThat(IcebergTypes.structurallyEqual(address, other)).isFalse();
  }

  @Test
  void structWithAnExtraFieldIsNotEqual() {
    Types.StructType other =
        Types.StructType.of(
            Types.NestedField.required(1, "street", Types.StringType.get()),
            Types.NestedField.optional(2, "zip", Types.IntegerType.get()),
            Types.NestedField.optional(3, "city", Types.StringType.get()));

    assertThat(IcebergTypes.structurallyEqual(address, other)).isFalse();
    assertThat(IcebergTypes.structurallyEqual(other, address)).isFalse();
  }

  @Test
  void deeplyNestedDifferenceIsNotEqual() {
    Types.StructType outerA =
        Types.StructType.of(
            Types.NestedField.optional(
                5, "inner", Types.ListType.ofOptional(6, Types.StructType.of(address.fields()))));
    Types.StructType outerB =
        Types.StructType.of(
            Types.NestedField.optional(
                50,
                "inner",
                Types.ListType.ofOptional(
                    60,
                    Types.StructType.of(
                        Types.NestedField.required(1, "street", Types.StringType.get()),
                        Types.NestedField.optional(2, "zip", Types.StringType.get())))));

    assertThat(IcebergTypes.structurallyEqual(outerA, outerB)).isFalse();
  }

  @Test
  void listsWithOtherElementIdsAreEqual() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.ListType.ofOptional(3, address), Types.ListType.ofOptional(99, address)))
        .isTrue();
  }

  @Test
  void listsWithOtherElementOptionalityAreNotEqual() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.ListType.ofOptional(3, Types.IntegerType.get()),
                Types.ListType.ofRequired(3, Types.IntegerType.get())))
        .isFalse();
  }

  @Test
  void listsWithOtherElementTypesAreNotEqual() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.ListType.ofOptional(3, Types.IntegerType.get()),
                Types.ListType.ofOptional(3, Types.LongType.get())))
        .isFalse();
  }

  @Test
  void mapsWithOtherIdsAreEqual() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.MapType.ofOptional(3, 4, Types.StringType.get(), address),
                Types.MapType.ofOptional(30, 40, Types.StringType.get(), address)))
        .isTrue();
  }

  @Test
  void mapsWithOtherKeyTypeAreNotEqual() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.MapType.ofOptional(3, 4, Types.StringType.get(), Types.LongType.get()),
                Types.MapType.ofOptional(3, 4, Types.IntegerType.get(), Types.LongType.get())))
        .isFalse();
  }

  @Test
  void mapsWithOtherValueTypeAreNotEqual() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.MapType.ofOptional(3, 4, Types.StringType.get(), Types.LongType.get()),
                Types.MapType.ofOptional(3, 4, Types.StringType.get(), Types.IntegerType.get())))
        .isFalse();
  }

  @Test
  void mapsWithOtherValueOptionalityAreNotEqual() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.MapType.ofOptional(3, 4, Types.StringType.get(), Types.LongType.get()),
                Types.MapType.ofRequired(3, 4, Types.StringType.get(), Types.LongType.get())))
        .isFalse();
  }

  @Test
  void differentKindsAreNotEqual() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.ListType.ofOptional(3, Types.StringType.get()), Types.StringType.get()))
        .isFalse();
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.ListType.ofOptional(3, Types.StringType.get()),
                Types.MapType.ofOptional(3, 4, Types.StringType.get(), Types.StringType.get())))
        .isFalse();
  }

  @Test
  void primitivesCompareByValue() {
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.DecimalType.of(10, 2), IcebergTypes.parse("decimal(10,2)")))
        .isTrue();
    assertThat(
            IcebergTypes.structurallyEqual(
                Types.DecimalType.of(10, 2), Types.DecimalType.of(12, 2)))
        .isFalse();
    assertThat(IcebergTypes.structurallyEqual(Types.IntegerType.get(), Types.LongType.get()))
        .isFalse();
  }

  @Test
  void nullEqualsOnlyNull() {
    assertThat(IcebergTypes.structurallyEqual(null, null)).isTrue();
    assertThat(IcebergTypes.structurallyEqual(Types.IntegerType.get(), null)).isFalse();
    assertThat(IcebergTypes.structurallyEqual(null, Types.IntegerType.get())).isFalse();
  }
}
