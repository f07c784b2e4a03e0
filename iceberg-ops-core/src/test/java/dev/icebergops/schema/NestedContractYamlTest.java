package dev.icebergops.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** YAML contracts read Iceberg's nested type grammar, within the contract's length and depth. */
class NestedContractYamlTest {

  @TempDir Path dir;

  private Path contract(String type) throws IOException {
    Path file = dir.resolve("orders.yaml");
    Files.writeString(
        file,
        "columns:\n  - name: id\n    type: long\n  - name: payload\n    type: '"
            + type.replace("'", "''")
            + "'\n");
    return file;
  }

  private Type load(String type) throws IOException {
    return SchemaContract.fromYaml(contract(type)).columns().get(1).type();
  }

  static Stream<Arguments> nestedForms() {
    Types.StructType address =
        Types.StructType.of(
            optional(1, "street", Types.StringType.get()),
            required(2, "zip", Types.StringType.get()));
    return Stream.of(
        Arguments.of("struct<street: string, zip: required string>", address),
        Arguments.of("STRUCT < street : String ,\n  zip : REQUIRED string >", address),
        Arguments.of("struct<street: optional string, zip: required string>", address),
        Arguments.of("list<string>", Types.ListType.ofOptional(1, Types.StringType.get())),
        Arguments.of("list<required long>", Types.ListType.ofRequired(1, Types.LongType.get())),
        Arguments.of(
            "map<string, decimal(10, 2)>",
            Types.MapType.ofOptional(1, 2, Types.StringType.get(), Types.DecimalType.of(10, 2))),
        Arguments.of(
            "map<required string, required int>",
            Types.MapType.ofRequired(1, 2, Types.StringType.get(), Types.IntegerType.get())),
        Arguments.of(
            "struct<`zip code`: string, `a``b`: fixed[4]>",
            Types.StructType.of(
                optional(1, "zip code", Types.StringType.get()),
                optional(2, "a`b", Types.FixedType.ofLength(4)))),
        Arguments.of(
            "list<struct<sku: required string, qty: int, tags: map<string, list<string>>>>",
            Types.ListType.ofOptional(
                1,
                Types.StructType.of(
                    required(2, "sku", Types.StringType.get()),
                    optional(3, "qty", Types.IntegerType.get()),
                    optional(
                        4,
                        "tags",
                        Types.MapType.ofOptional(
                            5,
                            6,
                            Types.StringType.get(),
                            Types.ListType.ofOptional(7, Types.StringType.get())))))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nestedForms")
  void eachNestedFormIsReadAsItsIcebergType(String text, Type expected) throws IOException {
    Type type = load(text);

    assertThat(IcebergTypes.structurallyEqual(type, expected))
        .as("%s read as %s", text, type)
        .isTrue();
  }

  /** struct<a: struct<a: ... int>> with the given number of struct levels. */
  private static String structs(int levels) {
    return "struct<a: ".repeat(levels) + "int" + ">".repeat(levels);
  }

  @Test
  void nestingUpToTheDepthLimitIsRead() throws IOException {
    Type type = load(structs(YamlLimits.MAX_DEPTH));

    int depth = 0;
    while (type.isStructType()) {
      type = type.asStructType().field("a").type();
      depth++;
    }
    assertThat(depth).isEqualTo(20);
    assertThat(type).isEqualTo(Types.IntegerType.get());
  }

  @Test
  void nestingDeeperThanTheLimitIsRefusedNamingFileColumnAndLimit() throws IOException {
    Path file = contract("list<" + structs(YamlLimits.MAX_DEPTH) + ">");

    assertThatThrownBy(() -> SchemaContract.fromYaml(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot load contract " + file + ": column 2 (payload): ")
        .hasMessageContaining(
            "nested deeper than 20 levels at field element"
                + ".a".repeat(19)
                + ", the limit for a contract");
  }

  @Test
  void aTypeLongerThanTheLimitIsRefusedNamingFileColumnAndLimit() throws IOException {
    StringBuilder fields = new StringBuilder("struct<f0: string");
    for (int i = 1; fields.length() <= NestedTypes.MAX_LENGTH; i++) {
      fields.append(", f").append(i).append(": string");
    }
    Path file = contract(fields.append(">").toString());

    assertThatThrownBy(() -> SchemaContract.fromYaml(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot load contract " + file + ": column 2 (payload): ")
        .hasMessageContaining(
            "characters, cut): longer than 16384 characters, the limit for a nested type in a"
                + " contract");
  }

  static Stream<Arguments> malformedTypes() {
    return Stream.of(
        Arguments.of("struct<>", "a struct needs at least one field at character 8"),
        Arguments.of("struct<a int>", "expected ':' at character 10, found 'i'"),
        Arguments.of("struct<a: int", "expected '>' at character 14, found the end"),
        Arguments.of("struct<a: int, a: long>", "duplicate field name 'a' in a struct"),
        Arguments.of("struct<1a: int>", "expected a field name (quote other names in backticks"),
        Arguments.of("struct<`a: int>", "a quoted field name is not closed with '`'"),
        Arguments.of("struct<`a\tb`: int>", "a field name holds a control character"),
        Arguments.of("list<int, int>", "expected '>' at character 9, found ','"),
        Arguments.of("list<>", "expected a type at field element"),
        Arguments.of("map<string>", "expected ',' at character 11"),
        Arguments.of("map<optional string, int>", "a map key is always required"),
        Arguments.of("array<int>", "use list<type> for an array, as Iceberg names it"),
        Arguments.of("struct<a: list<decimal(39,2)>>", "at field a.element: Cannot parse type"),
        Arguments.of("list<int> x", "unexpected text after the type at character 11"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedTypes")
  void aMalformedNestedTypeIsRefusedSayingWhere(String text, String reason) throws IOException {
    Path file = contract(text);

    assertThatThrownBy(() -> SchemaContract.fromYaml(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot load contract " + file + ": column 2 (payload): ")
        .hasMessageContaining(reason);
  }

  @Test
  void primitiveParsingStillRefusesNestedTypes() {
    assertThatThrownBy(() -> IcebergTypes.parse("list<int>"))
        .hasMessageContaining("nested types are not supported");
    assertThat(IcebergTypes.parseType(" decimal(10,2) ")).isEqualTo(Types.DecimalType.of(10, 2));
  }
}
