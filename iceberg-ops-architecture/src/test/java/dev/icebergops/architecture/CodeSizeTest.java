package dev.icebergops.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No method of the published modules' main code is over {@value #MAX_METHOD_LINES} lines and no
 * class over {@value #MAX_CLASS_CODE_LINES} code lines, but the known exceptions listed in {@code
 * frozen/code-size-exceptions.txt} (one {@code package.Type#method(Types)} or {@code package.Type}
 * a line). An entry that no longer exceeds its bound fails too, so that the list only shrinks;
 * {@code -Dcodesize.refreeze=true} writes the list anew from what exceeds today.
 */
class CodeSizeTest {

  static final int MAX_METHOD_LINES = 60;
  static final int MAX_CLASS_CODE_LINES = 300;

  private static final List<String> HEADER =
      List.of(
          "# Methods over 60 lines and classes over 300 code lines that CodeSizeTest lets pass, until",
          "# they are split. Only shrinks: an entry no longer over its bound fails the test.");

  private static final Path EXCEPTIONS =
      Path.of("src/test/resources/frozen/code-size-exceptions.txt");

  @Test
  void noMethodOrClassOfTheMainCodeIsOverItsBoundButTheKnownExceptions() throws IOException {
    List<String> offenders = offenders(CodeSize.ofPublishedModules());
    Set<String> names = new TreeSet<>();
    offenders.forEach(line -> names.add(line.substring(0, line.indexOf(": "))));
    if (Boolean.getBoolean("codesize.refreeze")) {
      List<String> file = new ArrayList<>(HEADER);
      file.addAll(names);
      Files.write(EXCEPTIONS, file);
    }
    Set<String> known = known();
    List<String> unknown = new ArrayList<>(offenders);
    unknown.removeIf(line -> known.contains(line.substring(0, line.indexOf(": "))));
    Set<String> stale = new TreeSet<>(known);
    stale.removeAll(names);

    assertThat(unknown).as("methods and classes over their bound").isEmpty();
    assertThat(stale)
        .as("known exceptions no longer over their bound: remove them from " + EXCEPTIONS)
        .isEmpty();
  }

  @Test
  void aLongMethodAndALongClassAreOffendersWithTheirLineCounts() {
    StringBuilder source = new StringBuilder("package p;\n/** Doc. */\nclass Big {\n");
    source.append("  void longMethod(int a) {\n");
    for (int i = 0; i < 59; i++) {
      source.append("    a++;\n");
    }
    source.append("  }\n\n  // a comment\n  /* a block\n     comment */\n");
    for (int i = 0; i < 236; i++) {
      source.append("  int f").append(i).append(";\n");
    }
    source.append("  void shortMethod() {}\n}\n");

    List<String> offenders = offenders(CodeSize.of(source.toString()));

    assertThat(offenders)
        .containsExactly(
            "p.Big#longMethod(int): 61 lines (at most 60)", "p.Big: 301 code lines (at most 300)");
  }

  @Test
  void commentsAndBlankLinesAreNoCodeLines() {
    CodeSize sizes =
        CodeSize.of(
            "package p;\n\n/**\n * Doc.\n */\nclass C { // trailing\n  /* x */ int a; /* y */\n"
                + "  /* z */\n}\n");

    assertThat(sizes.classCodeLines()).containsExactly(Map.entry("p.C", 4));
  }

  /** Each method and class over its bound, as {@code name: N lines (at most M)}. */
  static List<String> offenders(CodeSize sizes) {
    List<String> offenders = new ArrayList<>();
    sizes
        .methodLines()
        .forEach(
            (method, lines) -> {
              if (lines > MAX_METHOD_LINES) {
                offenders.add(method + ": " + lines + " lines (at most " + MAX_METHOD_LINES + ")");
              }
            });
    sizes
        .classCodeLines()
        .forEach(
            (type, lines) -> {
              if (lines > MAX_CLASS_CODE_LINES) {
                offenders.add(
                    type + ": " + lines + " code lines (at most " + MAX_CLASS_CODE_LINES + ")");
              }
            });
    return offenders;
  }

  private static Set<String> known() throws IOException {
    Set<String> known = new TreeSet<>();
    for (String line : Files.readAllLines(EXCEPTIONS)) {
      if (!line.isBlank() && !line.startsWith("#")) {
        known.add(line.strip());
      }
    }
    return known;
  }
}
