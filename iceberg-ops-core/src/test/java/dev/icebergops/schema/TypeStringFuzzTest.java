package dev.icebergops.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.iceberg.types.Type;

/**
 * Generated type strings: each parses to a type that formats back to itself, or is refused with the
 * documented {@code IllegalArgumentException}; a control character is never accepted.
 */
class TypeStringFuzzTest {

  private static final List<String> TOKENS =
      List.of(
          "geometry",
          "geography",
          "GEOMETRY",
          "Geography",
          "decimal",
          "fixed",
          "long",
          "int",
          "string",
          "timestamptz_ns",
          "struct",
          "list",
          "map",
          "variant",
          "(",
          ")",
          "[",
          "]",
          "<",
          ">",
          ",",
          ":",
          " ",
          "\t",
          "\n",
          "\u0000",
          "\u001f",
          "\u00a0",
          "OGC",
          "CRS84",
          "EPSG",
          "4326",
          "srid",
          "projjson",
          "prop.name",
          "spherical",
          "karney",
          "VINCENTY",
          "planar",
          "10",
          "2",
          "0",
          "-1",
          "99999999999",
          "é",
          "\uD800");

  @Provide
  Arbitrary<String> tokenSoup() {
    return Arbitraries.of(TOKENS).list().ofMaxSize(12).map(parts -> String.join("", parts));
  }

  @Provide
  Arbitrary<String> randomText() {
    return Arbitraries.strings().all().ofMaxLength(600);
  }

  @Property(tries = 3000)
  void tokenSoupParsesOrIsRefused(@ForAll("tokenSoup") String text) {
    parsesOrIsRefused(text);
  }

  @Property(tries = 1500)
  void randomTextParsesOrIsRefused(@ForAll("randomText") String text) {
    parsesOrIsRefused(text);
  }

  private static final List<String> NESTED_TOKENS =
      List.of(
          "struct<",
          "list<",
          "map<",
          "STRUCT <",
          ">",
          ",",
          ": ",
          ":",
          "a",
          "b",
          "`",
          "``",
          "x y",
          "required ",
          "optional ",
          "int",
          "string",
          "decimal(10,2)",
          "fixed[4]",
          "array<",
          " ",
          "\n",
          "\u0000",
          "(",
          "]");

  @Provide
  Arbitrary<String> nestedTokenSoup() {
    return Arbitraries.of(NESTED_TOKENS).list().ofMaxSize(40).map(parts -> String.join("", parts));
  }

  @Property(tries = 3000)
  void nestedTokenSoupParsesOrIsRefused(@ForAll("nestedTokenSoup") String text) {
    Type type;
    try {
      type = IcebergTypes.parseType(text);
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).startsWith("Cannot parse type");
      return;
    }
    assertThat(text).as("an accepted type string holds no NUL").doesNotContain("\u0000");
    assertThat(IcebergTypes.structurallyEqual(IcebergTypes.parseType(text), type)).isTrue();
  }

  private static void parsesOrIsRefused(String text) {
    Type type;
    try {
      type = IcebergTypes.parse(text);
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).startsWith("Cannot parse type");
      return;
    }
    assertThat(text.chars().filter(c -> c != ' ' && c != '\t' && c != '\r' && c != '\n'))
        .as("an accepted type string holds no control character")
        .noneMatch(Character::isISOControl);
    assertThat(IcebergTypes.parse(IcebergTypes.format(type))).isEqualTo(type);
  }
}
