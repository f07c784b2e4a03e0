package dev.icebergops.schema;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.iceberg.types.EdgeAlgorithm;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Parses {@code geometry(C)} and {@code geography(C, A)} by the Iceberg spec's rules: the CRS
 * {@code C} is {@code authority:code} ({@code OGC:CRS84}, {@code EPSG:4326}), {@code srid:<number>}
 * or {@code projjson:<table property>}; the edge-interpolation algorithm {@code A} is one of
 * Iceberg's {@link EdgeAlgorithm}s. Without parameters the CRS is {@code OGC:CRS84}.
 */
final class GeoTypes {

  private static final Pattern SHAPE =
      Pattern.compile(
          "(geometry|geography)(?:[ \\t]*\\(([^()]*)\\))?",
          Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  private static final Pattern CRS = Pattern.compile("([A-Za-z][A-Za-z0-9_]*):([A-Za-z0-9_.\\-]+)");
  private static final Pattern OUTER_SPACE = Pattern.compile("^[ \\t]+|[ \\t]+$");
  private static final Pattern DIGITS = Pattern.compile("[0-9]+");
  private static final String ALGORITHMS =
      Arrays.stream(EdgeAlgorithm.values())
          .map(EdgeAlgorithm::toString)
          .collect(Collectors.joining(", "));

  private GeoTypes() {}

  /**
   * @param typeString the string as given, for messages
   * @param trimmed the string without surrounding spaces, its case kept (the CRS is case-sensitive
   *     text)
   */
  static Type.PrimitiveType parse(String typeString, String trimmed) {
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
    return OUTER_SPACE.matcher(parameter).replaceAll("");
  }

  private static String crs(String typeString, String crs) {
    Matcher m = CRS.matcher(crs);
    if (!m.matches()) {
      throw TypeText.invalid(
          typeString,
          ("the CRS %s is not authority:code (e.g. OGC:CRS84, EPSG:4326), srid:<number> or"
                  + " projjson:<table property>")
              .formatted(TypeText.quote(crs)));
    }
    if (m.group(1).equalsIgnoreCase("srid") && !DIGITS.matcher(m.group(2)).matches()) {
      throw TypeText.invalid(
          typeString, "the CRS " + TypeText.quote(crs) + " must give a number after srid:");
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
        typeString, "the edge algorithm " + TypeText.quote(name) + " is not one of " + ALGORITHMS);
  }
}
