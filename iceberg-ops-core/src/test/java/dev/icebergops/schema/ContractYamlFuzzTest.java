package dev.icebergops.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Hostile contract files, generated: every one loads or is refused with the documented {@code
 * IllegalArgumentException} and a message naming the file; nothing else escapes, and every case
 * returns (a hang would stall the build).
 */
class ContractYamlFuzzTest {

  private static Path dir;

  @BeforeContainer
  static void createDir() throws IOException {
    dir = Files.createTempDirectory("contract-fuzz-");
  }

  @AfterContainer
  static void deleteDir() throws IOException {
    try (var files = Files.list(dir)) {
      for (Path file : files.toList()) {
        Files.delete(file);
      }
    }
    Files.delete(dir);
  }

  /** Fragments that stress the YAML parser and the contract layout. */
  private static final List<String> FRAGMENTS =
      List.of(
          "columns:",
          "strict:",
          "name:",
          "type:",
          "required:",
          "doc:",
          "- ",
          "  ",
          "\n",
          "\t",
          ":",
          "[",
          "]",
          "{",
          "}",
          ",",
          "'",
          "\"",
          "&a ",
          "*a",
          "<<: *a",
          "? ",
          "!!binary ",
          "!!int ",
          "!!float ",
          "!!timestamp ",
          "!!set ",
          "!!omap ",
          "!!python/object ",
          "!!java.io.File ",
          "!<tag:yaml.org,2002:str> ",
          "%YAML 1.1\n",
          "---\n",
          "...\n",
          "#",
          "|\n",
          ">-\n",
          "yes",
          "no",
          "on",
          "off",
          "true",
          "false",
          "~",
          "null",
          "0x1F",
          "0o17",
          "1_000",
          "190:20:30",
          ".inf",
          ".nan",
          "2001-12-14",
          "long",
          "int",
          "decimal(10,2)",
          "decimal(99,1)",
          "fixed[16]",
          "geometry(",
          "geography(",
          "EPSG:4326",
          "srid:x",
          "karney",
          "struct<",
          "\u0000",
          "\u001f",
          "\u00a0",
          "\uFEFF",
          "\uD800",
          "é",
          "日本",
          "\\u0000",
          "\\x00");

  @Provide
  Arbitrary<String> fragmentSoup() {
    return Arbitraries.of(FRAGMENTS).list().ofMaxSize(40).map(parts -> String.join("", parts));
  }

  @Provide
  Arbitrary<String> mutatedContract() {
    Arbitrary<String> valid =
        Arbitraries.of(
            "columns:\n  - name: order_id\n    type: long\n    required: true\n",
            "strict: false\ncolumns:\n  - {name: a, type: 'decimal(10,2)', doc: x}\n",
            "columns: [{name: s, type: 'geography(EPSG:4326, karney)'}]\n");
    Arbitrary<Integer> position = Arbitraries.integers().between(0, 80);
    Arbitrary<String> insert = Arbitraries.of(FRAGMENTS);
    return Combinators.combine(valid, position, insert, Arbitraries.integers().between(0, 5))
        .as(
            (text, at, fragment, cut) -> {
              int i = Math.min(at, text.length());
              int end = Math.min(text.length(), i + cut);
              return text.substring(0, i) + fragment + text.substring(end);
            });
  }

  @Provide
  Arbitrary<String> randomText() {
    return Arbitraries.strings().all().ofMaxLength(200);
  }

  @Provide
  Arbitrary<String> longScalars() {
    return Arbitraries.integers()
        .between(60_000, 70_000)
        .map(n -> "columns:\n  - name: a\n    type: long\n    doc: " + "x".repeat(n) + "\n");
  }

  @Property(tries = 1500)
  void fragmentSoupLoadsOrIsRefusedWithTheDocumentedException(@ForAll("fragmentSoup") String yaml) {
    loadsOrIsRefused(yaml.getBytes(StandardCharsets.UTF_8));
  }

  @Property(tries = 1500)
  void mutatedContractLoadsOrIsRefusedWithTheDocumentedException(
      @ForAll("mutatedContract") String yaml) {
    loadsOrIsRefused(yaml.getBytes(StandardCharsets.UTF_8));
  }

  @Property(tries = 800)
  void randomTextLoadsOrIsRefusedWithTheDocumentedException(@ForAll("randomText") String yaml) {
    loadsOrIsRefused(yaml.getBytes(StandardCharsets.UTF_8));
  }

  @Property(tries = 500)
  void randomBytesLoadOrAreRefusedWithTheDocumentedException(@ForAll byte[] bytes) {
    loadsOrIsRefused(bytes);
  }

  @Property(tries = 30)
  void scalarsAroundTheLimitLoadOrAreRefusedWithTheDocumentedException(
      @ForAll("longScalars") String yaml) {
    loadsOrIsRefused(yaml.getBytes(StandardCharsets.UTF_8));
  }

  private static void loadsOrIsRefused(byte[] content) {
    try {
      Path file = Files.write(Files.createTempFile(dir, "contract-", ".yaml"), content);
      try {
        SchemaContract contract = SchemaContract.fromYaml(file);
        assertThat(contract.columns()).isNotEmpty();
      } catch (IllegalArgumentException e) {
        assertThat(e.getMessage()).startsWith("Cannot load contract " + file + ": ");
      } finally {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
