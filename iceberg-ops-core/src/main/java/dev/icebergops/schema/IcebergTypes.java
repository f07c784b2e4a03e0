package dev.icebergops.schema;

import dev.icebergops.internal.Quoting;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.iceberg.types.EdgeAlgorithm;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Type.TypeID;
import org.apache.iceberg.types.Types;

/**
 * The type rules every iceberg-ops module shares: the contract type grammar, the promotion
 * allow-list of the Iceberg spec, and structural type equality.
 *
 * <pre>{@code
 * Type amount = IcebergTypes.parse("decimal(10,2)");
 * IcebergTypes.isPromotion(Types.IntegerType.get(), Types.LongType.get());   // true
 * }</pre>
 */
public final class IcebergTypes {

  private static final Pattern DECIMAL =
      Pattern.compile("decimal\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)");
  private static final Pattern DECIMAL_LIKE = Pattern.compile("decimal\\b.*");
  private static final Pattern FIXED = Pattern.compile("fixed\\s*\\[\\s*(\\d+)\\s*\\]");
  private static final Pattern FIXED_LIKE = Pattern.compile("fixed\\b.*");
  private static final Pattern NESTED = Pattern.compile("(struct|list|map|array)\\s*[<(\\[].*");
  private static final Pattern GEO_LIKE =
      Pattern.compile("(geometry|geography)\\b.*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  // geometry(CRS) and geography(CRS, ALGORITHM), read by geo()
  private static final Pattern SHAPE =
      Pattern.compile(
          "(geometry|geography)(?:[ \\t]*\\(([^()]*)\\))?",
          Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  private static final Pattern CRS = Pattern.compile("([A-Za-z][A-Za-z0-9_]*):([A-Za-z0-9_.\\-]+)");
  private static final Pattern GEO_SPACE = Pattern.compile("^[ \\t]+|[ \\t]+$");
  private static final Pattern DIGITS = Pattern.compile("[0-9]+");
  private static final String ALGORITHMS =
      Arrays.stream(EdgeAlgorithm.values())
          .map(EdgeAlgorithm::toString)
          .collect(Collectors.joining(", "));

  /** Spaces, tabs and line breaks only: a NUL or another control character is never trimmed. */
  private static final Pattern OUTER_SPACE = Pattern.compile("^[ \\t\\r\\n]+|[ \\t\\r\\n]+$");

  /** Longer than any type of the grammar; longer strings are refused without being parsed. */
  static final int MAX_LENGTH = 512;

  private static final Map<String, Type> ALIASES = Map.of("integer", Types.IntegerType.get());
  private static final Set<TypeID> FORMAT_V3_TYPES =
      Set.of(
          TypeID.TIMESTAMP_NANO, TypeID.UNKNOWN, TypeID.GEOMETRY, TypeID.GEOGRAPHY, TypeID.VARIANT);

  /** The primitive types of the grammar, as the error for an unknown type lists them. */
  private static final String NAMES =
      "boolean, int, integer, long, float, double, string, binary, date, time, timestamp,"
          + " timestamptz, timestamp_ns, timestamptz_ns, uuid, decimal(P,S), fixed[N], unknown,"
          + " geometry, geography";

  private IcebergTypes() {}

  /**
   * Parses a primitive type string of the contract grammar, case-insensitively.
   *
   * <p>Accepted: {@code boolean, int / integer, long, float, double, string, binary, date, time,
   * timestamp, timestamptz, uuid, decimal(P,S)} (1 &lt;= P &lt;= 38, 0 &lt;= S &lt;= P), {@code
   * fixed[N]} (N &gt;= 1) and the other Iceberg primitive strings, including the format-version 3
   * types {@code timestamp_ns, timestamptz_ns, unknown, geometry, geography}. Geometry and
   * geography take the spec's parameters: {@code geometry(CRS)}, {@code geography(CRS)} and {@code
   * geography(CRS, ALGORITHM)}, where a CRS is {@code authority:code} ({@code OGC:CRS84}, {@code
   * EPSG:4326}), {@code srid:<number>} or {@code projjson:<table property>} and the algorithm is
   * one of {@code spherical, vincenty, thomas, andoyer, karney}. Only spaces, tabs and line breaks
   * around the type are ignored; any other character, a NUL included, makes the string invalid.
   *
   * @param typeString the type, for example {@code "decimal(10,2)"}
   * @return the Iceberg primitive type
   * @throws IllegalArgumentException if the string is blank, longer than 512 characters, names a
   *     nested type (read those with {@link #parseType(String)}) or no known type, or has
   *     parameters the type does not take
   */
  public static Type.PrimitiveType parse(String typeString) {
    String original = typeString == null ? "" : OUTER_SPACE.matcher(typeString).replaceAll("");
    if (original.isEmpty()) {
      throw new IllegalArgumentException("Cannot parse type: the type string is empty");
    }
    if (typeString.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot parse type %s: longer than %s characters",
              Quoting.quote(typeString), MAX_LENGTH));
    }
    String text = original.toLowerCase(Locale.ROOT);
    if (NESTED.matcher(text).matches() || text.equals("struct") || text.equals("list")) {
      throw TypeText.invalid(typeString, "nested types are not supported, use a primitive type");
    }
    if (ALIASES.containsKey(text)) {
      return ALIASES.get(text).asPrimitiveType();
    }
    Matcher decimal = DECIMAL.matcher(text);
    if (decimal.matches()) {
      return decimal(typeString, decimal.group(1), decimal.group(2));
    }
    if (DECIMAL_LIKE.matcher(text).matches()) {
      throw TypeText.invalid(typeString, "expected decimal(P,S), e.g. decimal(10,2)");
    }
    Matcher fixed = FIXED.matcher(text);
    if (fixed.matches()) {
      return fixed(typeString, fixed.group(1));
    }
    if (FIXED_LIKE.matcher(text).matches()) {
      throw TypeText.invalid(typeString, "expected fixed[N], e.g. fixed[16]");
    }
    if (GEO_LIKE.matcher(original).matches()) {
      return geo(typeString, original);
    }
    try {
      return Types.fromPrimitiveString(text);
    } catch (IllegalArgumentException e) {
      throw TypeText.invalid(typeString, "unknown type, expected one of " + NAMES, e);
    }
  }

  /**
   * Parses any type of the contract grammar: a primitive as {@link #parse(String)} reads it, or a
   * nested type in Iceberg's grammar, nested at most 20 levels deep and at most 16384 characters
   * long.
   *
   * <pre>{@code
   * Type address = IcebergTypes.parseType("struct<street: string, zip: required string>");
   * Type tags = IcebergTypes.parseType("list<string>");
   * Type prices = IcebergTypes.parseType("map<string, required decimal(10,2)>");
   * }</pre>
   *
   * <p>A struct field is {@code name: type}, optional unless written {@code name: required type}; a
   * list element and a map value are optional unless written {@code required}; a map key is always
   * required. A name other than letters, digits and underscores is quoted in backticks. Field ids
   * are numbered in order of appearance.
   *
   * @param typeString the type, for example {@code "list<struct<sku: string, qty: int>>"}
   * @return the Iceberg type
   * @throws IllegalArgumentException if the string is blank, too long, nested too deep or not of
   *     the grammar; the message says where
   */
  public static Type parseType(String typeString) {
    if (typeString != null && NestedTypes.looksNested(typeString)) {
      return NestedTypes.parse(typeString, IcebergTypes::parse);
    }
    return parse(typeString);
  }

  private static Type.PrimitiveType decimal(String original, String p, String s) {
    int precision = boundedInt(p);
    int scale = boundedInt(s);
    if (precision < 1 || precision > 38) {
      throw TypeText.invalid(original, "decimal precision must be between 1 and 38, got " + p);
    }
    if (scale > precision) {
      throw TypeText.invalid(
          original,
          "decimal scale must be between 0 and the precision " + precision + ", got " + s);
    }
    return Types.DecimalType.of(precision, scale);
  }

  private static Type.PrimitiveType fixed(String original, String n) {
    int length = boundedInt(n);
    if (length < 1) {
      throw TypeText.invalid(original, "fixed length must be at least 1, got " + n);
    }
    if (length == Integer.MAX_VALUE) {
      throw TypeText.invalid(original, "fixed length is too large, got " + n);
    }
    return Types.FixedType.ofLength(length);
  }

  /** Parses a run of digits, saturating at Integer.MAX_VALUE so range checks report it. */
  private static int boundedInt(String digits) {
    String significant = digits.replaceFirst("^0+(?=\\d)", "");
    return significant.length() > 10
        ? Integer.MAX_VALUE
        : (int) Math.min(Long.parseLong(significant), Integer.MAX_VALUE);
  }

  /**
   * Tells whether the Iceberg spec allows changing a column from one primitive type to another in
   * place: {@code int -> long}, {@code float -> double}, and widening a decimal's precision at the
   * same scale. This is the spec's allow-list, checked here rather than delegated to Iceberg.
   *
   * @param from the column's current type
   * @param to the requested type
   * @return true only for an allowed widening (never for equal types)
   */
  public static boolean isPromotion(Type from, Type to) {
    if (from == null || to == null || !from.isPrimitiveType() || !to.isPrimitiveType()) {
      return false;
    }
    return switch (from.typeId()) {
      case INTEGER -> to.typeId() == TypeID.LONG;
      case FLOAT -> to.typeId() == TypeID.DOUBLE;
      case DECIMAL ->
          from instanceof Types.DecimalType a
              && to instanceof Types.DecimalType b
              && a.scale() == b.scale()
              && b.precision() > a.precision();
      default -> false;
    };
  }

  /**
   * Compares two types by structure: struct fields are matched by name (their ids, their order and
   * their docs are ignored), while names, optionality and every primitive must agree.
   *
   * @param a one type
   * @param b another type
   * @return true when a column of type {@code a} already is what {@code b} asks for
   */
  public static boolean structurallyEqual(Type a, Type b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (!a.isNestedType() || a.typeId() != b.typeId()) {
      return a.equals(b);
    }
    // a struct's fields matched by name; a list's element, a map's key and value in order
    List<Types.NestedField> fields = a.asNestedType().fields();
    List<Types.NestedField> others = b.asNestedType().fields();
    return fields.size() == others.size()
        && IntStream.range(0, fields.size())
            .allMatch(
                i -> {
                  Types.NestedField field = fields.get(i);
                  Types.NestedField other =
                      a.isStructType() ? b.asStructType().field(field.name()) : others.get(i);
                  return other != null
                      && other.isOptional() == field.isOptional()
                      && structurallyEqual(field.type(), other.type());
                });
  }

  /**
   * Tells whether a type, or any type nested in it, exists only in table format version 3.
   *
   * @param type the type to inspect
   * @return true for {@code timestamp_ns, timestamptz_ns, unknown, geometry, geography, variant}
   */
  public static boolean requiresFormatV3(Type type) {
    return type != null
        && (FORMAT_V3_TYPES.contains(type.typeId())
            || type.isNestedType()
                && type.asNestedType().fields().stream().anyMatch(f -> requiresFormatV3(f.type())));
  }

  /**
   * Renders a type the way the contract grammar writes it ({@code decimal(10,2)}, {@code
   * fixed[16]}, {@code struct<a: int>} for nested types).
   *
   * @param type the type
   * @return its text
   */
  public static String format(Type type) {
    Objects.requireNonNull(type, "type");
    return type instanceof Types.DecimalType d
        ? "decimal(" + d.precision() + "," + d.scale() + ")"
        : type.toString();
  }

  /**
   * Parses {@code geometry(C)} and {@code geography(C, A)} by the Iceberg spec's rules: the CRS
   * {@code C} is {@code authority:code} ({@code OGC:CRS84}, {@code EPSG:4326}), {@code
   * srid:<number>} or {@code projjson:<table property>}; the edge-interpolation algorithm {@code A}
   * is one of Iceberg's {@link EdgeAlgorithm}s. Without parameters the CRS is {@code OGC:CRS84}.
   *
   * @param typeString the string as given, for messages
   * @param trimmed the string without surrounding spaces, its case kept (the CRS is case-sensitive
   *     text)
   */
  private static Type.PrimitiveType geo(String typeString, String trimmed) {
    Matcher m = SHAPE.matcher(trimmed);
    if (!m.matches()) {
      throw TypeText.invalid(
          typeString,
          "expected geometry, geometry(CRS), geography, geography(CRS) or"
              + " geography(CRS, ALGORITHM), e.g. geography(OGC:CRS84, spherical)");
    }
    boolean geometry = m.group(1).equalsIgnoreCase("geometry");
    if (m.group(2) == null) {
      return geometry ? Types.GeometryType.crs84() : Types.GeographyType.crs84();
    }
    String[] parameters = m.group(2).split(",", -1);
    int allowed = geometry ? 1 : 2;
    if (parameters.length > allowed) {
      throw TypeText.invalid(
          typeString,
          geometry
              ? "geometry takes one parameter, the CRS"
              : "geography takes at most two parameters, the CRS and the edge algorithm");
    }
    String crs = crs(typeString, spaceless(parameters[0]));
    if (geometry) {
      return Types.GeometryType.of(crs);
    }
    EdgeAlgorithm algorithm =
        parameters.length == 2 ? algorithm(typeString, spaceless(parameters[1])) : null;
    return Types.GeographyType.of(crs, algorithm);
  }

  /** Drops surrounding spaces and tabs only, so that no control character is ever trimmed. */
  private static String spaceless(String parameter) {
    return GEO_SPACE.matcher(parameter).replaceAll("");
  }

  private static String crs(String typeString, String crs) {
    Matcher m = CRS.matcher(crs);
    if (!m.matches()) {
      throw TypeText.invalid(
          typeString,
          ("the CRS %s is not authority:code (e.g. OGC:CRS84, EPSG:4326), srid:<number> or"
                  + " projjson:<table property>")
              .formatted(Quoting.quote(crs)));
    }
    if (m.group(1).equalsIgnoreCase("srid") && !DIGITS.matcher(m.group(2)).matches()) {
      throw TypeText.invalid(
          typeString, "the CRS " + Quoting.quote(crs) + " must give a number after srid:");
    }
    return crs;
  }

  private static EdgeAlgorithm algorithm(String typeString, String name) {
    for (EdgeAlgorithm algorithm : EdgeAlgorithm.values()) {
      if (algorithm.toString().equals(name.toLowerCase(Locale.ROOT))) {
        return algorithm;
      }
    }
    throw TypeText.invalid(
        typeString, "the edge algorithm " + Quoting.quote(name) + " is not one of " + ALGORITHMS);
  }
}
