package dev.icebergops.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SchemaContractYamlTest {

  @TempDir Path dir;

  /** A malformed contract file and the fragments its error message must contain. */
  record Malformed(String file, byte[] content, List<String> fragments) {
    @Override
    public String toString() {
      return file;
    }
  }

  private static Malformed malformed(String file, String yaml, String... fragments) {
    return new Malformed(file, yaml.getBytes(StandardCharsets.UTF_8), List.of(fragments));
  }

  /** Set if a YAML tag ever manages to construct an object; safe loading must prevent it. */
  static volatile boolean canaryConstructed;

  /** A class a YAML tag could name; constructing it would show unsafe loading. */
  public static final class Canary {
    public Canary() {
      canaryConstructed = true;
    }
  }

  private static final String ONE_COLUMN = "columns:\n  - name: order_id\n    type: long\n";

  static Stream<Malformed> malformedContracts() {
    return Stream.of(
        // the file as a whole
        malformed("empty.yaml", "", "the file is empty"),
        malformed("blank-lines.yaml", "\n\n   \n", "the file is empty"),
        malformed("only-comments.yaml", "# orders\n# nothing here\n", "the file is empty"),
        malformed(
            "top-level-list.yaml",
            "- name: order_id\n  type: long\n",
            "expected a mapping with a 'columns' list at the top level, got a list"),
        malformed("top-level-scalar.yaml", "orders\n", "at the top level, got 'orders'"),
        malformed("top-level-number.yaml", "42\n", "at the top level, got number 42"),
        new Malformed(
            "invalid-utf8.yaml",
            new byte[] {'c', 'o', 'l', (byte) 0xC3, (byte) 0x28, ':', '\n'},
            List.of("the file is not valid UTF-8")),
        // YAML syntax
        malformed(
            "tab-indentation.yaml",
            "columns:\n\t- name: order_id\n\t  type: long\n",
            "not valid YAML",
            "TAB",
            "line 2, column 1"),
        malformed(
            "unclosed-bracket.yaml",
            "columns: [ {name: order_id, type: long}\n",
            "not valid YAML",
            "expected ',' or ']'",
            "line 2"),
        malformed(
            "unclosed-quote.yaml",
            "columns:\n  - name: \"order_id\n    type: long\n",
            "not valid YAML",
            "found unexpected end of stream"),
        malformed(
            "bad-indentation.yaml",
            "columns:\n  - name: order_id\n   type: long\n",
            "not valid YAML",
            "line 3"),
        malformed(
            "duplicate-top-level-key.yaml",
            ONE_COLUMN + "columns:\n  - name: b\n    type: int\n",
            "not valid YAML",
            "found duplicate key columns",
            "line 4"),
        malformed(
            "duplicate-column-key.yaml",
            "columns:\n  - name: order_id\n    type: long\n    type: int\n",
            "not valid YAML",
            "found duplicate key type"),
        malformed(
            "multiple-documents.yaml",
            ONE_COLUMN + "---\n" + ONE_COLUMN,
            "not valid YAML",
            "expected a single document",
            "found another document",
            "line 4"),
        malformed(
            "object-tag.yaml",
            "columns: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader "
                + "[[!!java.net.URL [\"http://localhost/\"]]]]\n",
            "not valid YAML",
            "javax.script.ScriptEngineManager"),
        malformed(
            "canary-tag.yaml",
            "columns:\n  - !!dev.icebergops.schema.SchemaContractYamlTest$Canary []\n",
            "not valid YAML",
            "SchemaContractYamlTest$Canary"),
        malformed(
            "billion-laughs.yaml",
            "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
                + "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                + "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
                + "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                + "columns: [*d]\n",
            "not valid YAML",
            "aliases"),
        malformed(
            "deep-nesting.yaml",
            "columns:\n  - name: a\n    type: int\n    doc: "
                + "[".repeat(40)
                + "]".repeat(40)
                + "\n",
            "not valid YAML",
            "Nesting Depth"),
        // every problem of a file, each with its line and column, and nested types unquoted
        malformed(
            "several-problems.yaml",
            "colums:\n  - name: a\n    type: int\nstrict: yes\n",
            "3 problems: top-level key 'colums' is not allowed (allowed: columns, strict) at line"
                + " 1, column 1; 'strict' must be true or false, got 'yes' at line 4, column 1;"
                + " missing the 'columns' list"),
        malformed(
            "problems-in-two-columns.yaml",
            "columns:\n  - name: a\n    type: strng\n  - name: b\n    type: int\n"
                + "    required: yes\n",
            "2 problems: column 1 (a): ",
            " at line 3, column 5; column 2 (b): 'required' must be true or false, got 'yes' at"
                + " line 6, column 5"),
        malformed(
            "unquoted-struct.yaml",
            "columns:\n  - name: s\n    type: struct<a: int>\n",
            "not valid YAML",
            "mapping values are not allowed here",
            "line 3",
            "; quote the type: type: \"struct<a: int>\""),
        malformed(
            "unquoted-map-in-flow.yaml",
            "columns: [{name: m, type: map<string, int>}]\n",
            "2 problems: column 1 (m): key 'int>' is not allowed",
            "; quote a nested type, e.g. type: \"map<string, int>\""),
        malformed(
            "type-read-as-mapping.yaml",
            "columns:\n  - name: s\n    type:\n      a: int\n",
            "column 1 (s): 'type' must be a string, got a mapping; quote a nested type, e.g."
                + " type: \"map<string, int>\" at line 3, column 5"),
        // top-level keys
        malformed(
            "unknown-top-level-key.yaml",
            "strcit: true\n" + ONE_COLUMN,
            "top-level key 'strcit' is not allowed",
            "allowed: columns, strict"),
        malformed(
            "numeric-top-level-key.yaml",
            "1: x\n" + ONE_COLUMN,
            "top-level key number 1 is not allowed"),
        malformed("missing-columns.yaml", "strict: true\n", "missing the 'columns' list"),
        malformed("columns-null.yaml", "columns:\nstrict: false\n", "'columns' is empty"),
        malformed(
            "columns-mapping.yaml",
            "columns:\n  order_id: long\n",
            "'columns' must be a list, got a mapping"),
        malformed(
            "columns-string.yaml",
            "columns: order_id\n",
            "'columns' must be a list, got 'order_id'"),
        malformed(
            "columns-empty.yaml",
            "columns: []\n",
            "'columns' is empty; declare at least one column"),
        malformed(
            "strict-quoted.yaml",
            "strict: 'true'\n" + ONE_COLUMN,
            "'strict' must be true or false, got 'true'"),
        malformed(
            "strict-yes.yaml",
            "strict: yes\n" + ONE_COLUMN,
            "'strict' must be true or false, got 'yes'"),
        malformed(
            "strict-on.yaml",
            "strict: on\n" + ONE_COLUMN,
            "'strict' must be true or false, got 'on'"),
        malformed(
            "strict-NO.yaml",
            "strict: NO\n" + ONE_COLUMN,
            "'strict' must be true or false, got 'NO'"),
        malformed(
            "strict-number.yaml",
            "strict: 1\n" + ONE_COLUMN,
            "'strict' must be true or false, got number 1"),
        malformed(
            "strict-empty.yaml",
            "strict:\n" + ONE_COLUMN,
            "'strict' must be true or false, got an empty value"),
        // column entries
        malformed(
            "entry-string.yaml",
            "columns:\n  - order_id\n",
            "column 1: expected a mapping with 'name' and 'type', got 'order_id'"),
        malformed(
            "entry-list.yaml",
            "columns:\n  - [order_id, long]\n",
            "column 1: expected a mapping with 'name' and 'type', got a list"),
        malformed(
            "entry-number.yaml",
            "columns:\n  - 5\n",
            "column 1: expected a mapping with 'name' and 'type', got number 5"),
        malformed(
            "entry-empty.yaml",
            ONE_COLUMN + "  -\n",
            "column 2: expected a mapping with 'name' and 'type', got nothing"),
        malformed("missing-name.yaml", "columns:\n  - type: long\n", "column 1: missing 'name'"),
        malformed(
            "name-number.yaml",
            "columns:\n  - name: 42\n    type: long\n",
            "column 1: 'name' must be a non-empty string, got number 42"),
        malformed(
            "name-list.yaml",
            "columns:\n  - name: [order_id]\n    type: long\n",
            "column 1: 'name' must be a non-empty string, got a list"),
        malformed(
            "name-bool.yaml",
            "columns:\n  - name: true\n    type: long\n",
            "column 1: 'name' must be a non-empty string, got boolean true"),
        malformed(
            "name-blank.yaml",
            "columns:\n  - name: '  '\n    type: long\n",
            "column 1: 'name' must be a non-empty string, got '  '"),
        malformed(
            "missing-type.yaml",
            ONE_COLUMN + "  - name: order_total\n",
            "column 2 (order_total): missing 'type'"),
        malformed(
            "type-null.yaml",
            "columns:\n  - name: order_id\n    type: ~\n",
            "column 1 (order_id): missing 'type'"),
        malformed(
            "type-number.yaml",
            "columns:\n  - name: order_id\n    type: 64\n",
            "column 1 (order_id): 'type' must be a string, got number 64"),
        malformed(
            "type-list.yaml",
            "columns:\n  - name: order_id\n    type: [long]\n",
            "column 1 (order_id): 'type' must be a string, got a list"),
        malformed(
            "type-mapping.yaml",
            "columns:\n  - name: order_id\n    type: {kind: long}\n",
            "column 1 (order_id): 'type' must be a string, got a mapping"),
        malformed(
            "type-empty.yaml",
            "columns:\n  - name: order_id\n    type: ''\n",
            "column 1 (order_id):",
            "the type string is empty"),
        malformed(
            "type-unknown.yaml",
            ONE_COLUMN + "  - name: note\n    type: varchar\n",
            "column 2 (note):",
            "Cannot parse type 'varchar': unknown type"),
        malformed(
            "type-struct-unquoted.yaml",
            "columns:\n  - name: customer\n    type: struct<name: string>\n",
            "not valid YAML"),
        malformed(
            "type-struct-unknown-field-type.yaml",
            "columns:\n  - name: customer\n    type: 'struct<name: strng>'\n",
            "column 1 (customer):",
            "at field name: Cannot parse type 'strng': unknown type"),
        malformed(
            "decimal-precision-zero.yaml",
            "columns:\n  - name: amount\n    type: decimal(0,0)\n",
            "column 1 (amount):",
            "decimal precision must be between 1 and 38, got 0"),
        malformed(
            "decimal-precision-39.yaml",
            "columns:\n  - name: amount\n    type: decimal(39,2)\n",
            "column 1 (amount):",
            "decimal precision must be between 1 and 38, got 39"),
        malformed(
            "decimal-scale-above-precision.yaml",
            "columns:\n  - name: amount\n    type: decimal(5,6)\n",
            "column 1 (amount):",
            "decimal scale must be between 0 and the precision 5, got 6"),
        malformed(
            "decimal-malformed.yaml",
            "columns:\n  - name: amount\n    type: decimal(10)\n",
            "column 1 (amount):",
            "expected decimal(P,S)"),
        malformed(
            "fixed-zero.yaml",
            "columns:\n  - name: hash\n    type: fixed[0]\n",
            "column 1 (hash):",
            "fixed length must be at least 1, got 0"),
        malformed(
            "fixed-malformed.yaml",
            "columns:\n  - name: hash\n    type: fixed(16)\n",
            "column 1 (hash):",
            "expected fixed[N]"),
        malformed(
            "required-yes-string.yaml",
            "columns:\n  - name: order_id\n    type: long\n    required: 'yes'\n",
            "column 1 (order_id): 'required' must be true or false, got 'yes'"),
        malformed(
            "required-yes-plain.yaml",
            "columns:\n  - name: order_id\n    type: long\n    required: yes\n",
            "column 1 (order_id): 'required' must be true or false, got 'yes'"),
        malformed(
            "required-off.yaml",
            "columns:\n  - name: order_id\n    type: long\n    required: off\n",
            "column 1 (order_id): 'required' must be true or false, got 'off'"),
        malformed(
            "long-scalar.yaml",
            "columns:\n  - name: order_id\n    type: long\n    doc: " + "d".repeat(65_537) + "\n",
            "a value is longer than 65536 characters, the limit for a contract",
            "at line 4, column 10"),
        malformed(
            "long-key.yaml",
            "? " + "k".repeat(65_537) + "\n: x\n" + ONE_COLUMN,
            "a value is longer than 65536 characters",
            "at line 1, column 3"),
        malformed(
            "binary-tag.yaml",
            "columns:\n  - name: !!binary '%%%'\n    type: long\n",
            "not valid YAML"),
        malformed(
            "strict-float.yaml",
            "strict: 1.5\n" + ONE_COLUMN,
            "'strict' must be true or false, got number 1.5"),
        malformed(
            "recursive-key.yaml",
            "? &k [*k]\n: x\n" + ONE_COLUMN,
            "not valid YAML",
            "Recursive key"),
        malformed("set-tag-on-scalar.yaml", "columns: !!set x\n", "not valid YAML"),
        malformed("int-tag.yaml", "strict: !!int 'many'\n" + ONE_COLUMN, "not valid YAML", "many"),
        malformed(
            "geometry-free-text.yaml",
            "columns:\n  - name: shape\n    type: 'geometry(anything at all)'\n",
            "column 1 (shape):",
            "is not authority:code"),
        malformed(
            "required-number.yaml",
            "columns:\n  - name: order_id\n    type: long\n    required: 1\n",
            "column 1 (order_id): 'required' must be true or false, got number 1"),
        malformed(
            "required-empty.yaml",
            "columns:\n  - name: order_id\n    type: long\n    required:\n",
            "column 1 (order_id): 'required' must be true or false, got an empty value"),
        malformed(
            "doc-number.yaml",
            "columns:\n  - name: order_id\n    type: long\n    doc: 5\n",
            "column 1 (order_id): 'doc' must be a string, got number 5"),
        malformed(
            "doc-list.yaml",
            "columns:\n  - name: order_id\n    type: long\n    doc: [a, b]\n",
            "column 1 (order_id): 'doc' must be a string, got a list"),
        malformed(
            "unknown-column-key.yaml",
            "columns:\n  - name: order_id\n    type: long\n    nullable: false\n",
            "column 1 (order_id): key 'nullable' is not allowed",
            "allowed: doc, initial-default, name, required, type, write-default"),
        malformed(
            "misspelled-type-key.yaml",
            "columns:\n  - name: order_id\n    typ: long\n",
            "column 1 (order_id): key 'typ' is not allowed"),
        malformed(
            "duplicate-column-names.yaml",
            ONE_COLUMN
                + "  - name: order_total\n    type: double\n"
                + "  - name: order_id\n    type: int\n",
            "column 3 (order_id): duplicate column name"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedContracts")
  void malformedContractIsRejectedWithFileAndProblem(Malformed contract) throws IOException {
    Path file = dir.resolve(contract.file());
    Files.write(file, contract.content());

    assertThatThrownBy(() -> SchemaContract.fromYaml(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot load contract ")
        .hasMessageContaining(contract.file())
        .satisfies(
            e -> assertThat(e.getMessage()).contains(contract.fragments().toArray(String[]::new)));
    assertThat(canaryConstructed).as("no object is constructed from a YAML tag").isFalse();
  }

  @Test
  void thereAreAtLeastFortyMalformedCases() {
    assertThat(malformedContracts().map(Malformed::file))
        .hasSizeGreaterThanOrEqualTo(40)
        .doesNotHaveDuplicates();
  }

  @Test
  void fileOverTheSizeLimitIsRefusedBeforeParsing() throws IOException {
    Path file = dir.resolve("huge.yaml");
    byte[] content = new byte[YamlLimits.MAX_BYTES + 1];
    java.util.Arrays.fill(content, (byte) 'a');
    Files.write(file, content);

    assertThatThrownBy(() -> SchemaContract.fromYaml(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot load contract "
                + file
                + ": the file is larger than 1048576 bytes (1 MiB), the limit for a contract");
  }

  @Test
  void endlessDeviceIsRefusedWithoutReadingItAll() {
    Path zero = Path.of("/dev/zero");
    assertThat(zero).as("a Linux machine has /dev/zero").exists();

    assertThatThrownBy(() -> SchemaContract.fromYaml(zero))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the file is larger than 1048576 bytes");
  }

  @Test
  void fileAtTheSizeLimitWithScalarsWithinTheirLimitLoads() throws IOException {
    StringBuilder yaml = new StringBuilder("columns:\n");
    String doc = "d".repeat(YamlLimits.MAX_SCALAR);
    int i = 0;
    while (yaml.length() + doc.length() + 60 < YamlLimits.MAX_BYTES) {
      yaml.append("  - name: c").append(i++).append("\n    type: long\n    doc: ").append(doc);
      yaml.append('\n');
    }
    Path file = write("big.yaml", yaml.toString());

    assertThat(SchemaContract.fromYaml(file).columns())
        .hasSize(i)
        .allMatch(c -> doc.equals(c.doc()));
  }

  @Test
  void geometryAndGeographyColumnsLoad() throws IOException {
    Path file =
        write(
            "places.yaml",
            "columns:\n"
                + "  - {name: shape, type: 'geometry(EPSG:4326)'}\n"
                + "  - {name: area, type: 'geography(OGC:CRS84, karney)'}\n");

    assertThat(SchemaContract.fromYaml(file).columns())
        .extracting(ColumnSpec::type)
        .containsExactly(
            Types.GeometryType.of("EPSG:4326"),
            Types.GeographyType.of("OGC:CRS84", org.apache.iceberg.types.EdgeAlgorithm.KARNEY));
  }

  @Test
  void fileOfExactlyTheSizeLimitLoads() throws IOException {
    String body = ONE_COLUMN + "#";
    String padding = "x".repeat(YamlLimits.MAX_BYTES - body.length());
    Path file = write("exact.yaml", body + padding);
    assertThat(Files.size(file)).isEqualTo(YamlLimits.MAX_BYTES);

    assertThat(SchemaContract.fromYaml(file).columns()).hasSize(1);
  }

  @Test
  void mergeKeysReuseAColumnsSettings() throws IOException {
    Path file =
        write(
            "merge.yaml",
            "columns:\n"
                + "  - &id {name: order_id, type: long, required: true}\n"
                + "  - <<: *id\n"
                + "    name: customer_id\n");

    assertThat(SchemaContract.fromYaml(file).columns())
        .containsExactly(
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.required("customer_id", Types.LongType.get()));
  }

  @Test
  void aDateLikeNameIsAStringNotATimestamp() throws IOException {
    Path file = write("dated.yaml", "columns:\n  - {name: 2024-01-01, type: long, doc: ~}\n");

    assertThat(SchemaContract.fromYaml(file).columns())
        .containsExactly(ColumnSpec.optional("2024-01-01", Types.LongType.get()));
  }

  @Test
  void trueAndFalseInTheirYamlSpellingsAreBooleans() throws IOException {
    Path file =
        write(
            "spellings.yaml",
            "strict: True\ncolumns:\n  - {name: a, type: long, required: FALSE}\n");

    SchemaContract contract = SchemaContract.fromYaml(file);

    assertThat(contract.strict()).isTrue();
    assertThat(contract.columns()).containsExactly(ColumnSpec.optional("a", Types.LongType.get()));
  }

  @Test
  void loadsTheSpecExample() throws IOException {
    Path file =
        write(
            "orders.yaml",
            "# contracts/orders.yaml\n"
                + "strict: false\n"
                + "columns:\n"
                + "  - name: order_id\n"
                + "    type: long\n"
                + "    required: true\n"
                + "  - name: order_total\n"
                + "    type: double\n"
                + "  - name: created_at\n"
                + "    type: timestamptz\n");

    SchemaContract contract = SchemaContract.fromYaml(file);

    assertThat(contract.strict()).isFalse();
    assertThat(contract.columns())
        .containsExactly(
            ColumnSpec.required("order_id", Types.LongType.get()),
            ColumnSpec.optional("order_total", Types.DoubleType.get()),
            ColumnSpec.optional("created_at", Types.TimestampType.withZone()));
    assertThat(contract)
        .isEqualTo(
            SchemaContract.of(
                ColumnSpec.required("order_id", Types.LongType.get()),
                ColumnSpec.optional("order_total", Types.DoubleType.get()),
                ColumnSpec.optional("created_at", Types.TimestampType.withZone())));
  }

  @Test
  void loadedContractValidatesASchema() throws IOException {
    SchemaContract contract =
        SchemaContract.fromYaml(
            write(
                "orders.yaml",
                "columns:\n"
                    + "  - {name: order_id, type: long, required: true}\n"
                    + "  - {name: region, type: string, required: true}\n"));
    Schema schema = new Schema(Types.NestedField.required(1, "order_id", Types.IntegerType.get()));

    assertThat(contract.validate(schema))
        .containsExactly(
            "column order_id has type int, expected long",
            "missing required column region (string)");
  }

  @Test
  void byteOrderMarkIsIgnored() throws IOException {
    Path file = dir.resolve("bom.yaml");
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    byte[] body = ONE_COLUMN.getBytes(StandardCharsets.UTF_8);
    byte[] content = new byte[bom.length + body.length];
    System.arraycopy(bom, 0, content, 0, bom.length);
    System.arraycopy(body, 0, content, bom.length, body.length);
    Files.write(file, content);

    assertThat(SchemaContract.fromYaml(file).columns())
        .containsExactly(ColumnSpec.optional("order_id", Types.LongType.get()));
  }

  @Test
  void typesAreCaseInsensitive() throws IOException {
    Path file =
        write(
            "case.yaml",
            "columns:\n"
                + "  - name: amount\n"
                + "    type: DECIMAL(10, 2)\n"
                + "  - name: order_id\n"
                + "    type: Long\n"
                + "  - name: quantity\n"
                + "    type: INTEGER\n"
                + "  - name: hash\n"
                + "    type: Fixed[16]\n");

    assertThat(SchemaContract.fromYaml(file).columns())
        .extracting(ColumnSpec::type)
        .containsExactly(
            Types.DecimalType.of(10, 2),
            Types.LongType.get(),
            Types.IntegerType.get(),
            Types.FixedType.ofLength(16));
  }

  @Test
  void strictTrueIsRead() throws IOException {
    Path file = write("strict.yaml", "strict: true\n" + ONE_COLUMN);

    assertThat(SchemaContract.fromYaml(file).strict()).isTrue();
  }

  @Test
  void strictDefaultsToFalseAndRequiredToFalse() throws IOException {
    SchemaContract contract = SchemaContract.fromYaml(write("defaults.yaml", ONE_COLUMN));

    assertThat(contract.strict()).isFalse();
    assertThat(contract.columns())
        .singleElement()
        .satisfies(c -> assertThat(c.required()).isFalse());
  }

  @Test
  void docIsCarriedOver() throws IOException {
    Path file =
        write(
            "doc.yaml",
            "columns:\n"
                + "  - name: order_total\n"
                + "    type: decimal(12,2)\n"
                + "    required: false\n"
                + "    doc: \"Order total, in EUR\"\n"
                + "  - name: order_id\n"
                + "    type: long\n");

    assertThat(SchemaContract.fromYaml(file).columns())
        .extracting(ColumnSpec::name, ColumnSpec::doc)
        .containsExactly(tuple("order_total", "Order total, in EUR"), tuple("order_id", null));
  }

  @Test
  void formatVersion3TypesAreParsed() throws IOException {
    Path file =
        write(
            "v3.yaml",
            "columns:\n"
                + "  - {name: at, type: timestamptz_ns}\n"
                + "  - {name: shape, type: geometry}\n"
                + "  - {name: nothing, type: unknown}\n");

    assertThat(SchemaContract.fromYaml(file).columns())
        .extracting(ColumnSpec::type)
        .containsExactly(
            Types.TimestampNanoType.withZone(),
            Types.GeometryType.crs84(),
            Types.UnknownType.get());
  }

  @Test
  void missingFileIsANoSuchFileException() {
    Path missing = dir.resolve("nowhere.yaml");

    assertThatThrownBy(() -> SchemaContract.fromYaml(missing))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("nowhere.yaml");
  }

  private Path write(String name, String yaml) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, yaml, StandardCharsets.UTF_8);
    return file;
  }
}
