package dev.icebergops.architecture;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.comments.Comment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The sizes that {@link CodeSizeTest} bounds, read from the sources: each method's and
 * constructor's lines (its declaration to its closing brace, javadoc aside) and each top-level
 * class's code lines (lines neither blank nor comment; javadoc is comment), nested classes
 * included.
 */
final class CodeSize {

  private static final JavaParser PARSER =
      new JavaParser(
          new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));

  private final Map<String, Integer> methodLines = new TreeMap<>();
  private final Map<String, Integer> classCodeLines = new TreeMap<>();

  private CodeSize() {}

  /** The sizes in the {@code src/main/java} of every published module. */
  static CodeSize ofPublishedModules() {
    CodeSize sizes = new CodeSize();
    for (String module : Modules.published()) {
      Path sources = Modules.ROOT.resolve(module).resolve("src/main/java");
      if (Files.isDirectory(sources)) {
        sizes.readTree(sources);
      }
    }
    return sizes;
  }

  /** The sizes of one source text, for the tests of this reading. */
  static CodeSize of(String source) {
    CodeSize sizes = new CodeSize();
    sizes.read(source, "source");
    return sizes;
  }

  /** Each method or constructor ({@code package.Type#name(ParameterTypes)}) and its lines. */
  Map<String, Integer> methodLines() {
    return methodLines;
  }

  /** Each top-level class and its code lines. */
  Map<String, Integer> classCodeLines() {
    return classCodeLines;
  }

  private void readTree(Path sources) {
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        read(Files.readString(file), file.toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void read(String source, String where) {
    ParseResult<CompilationUnit> parsed = PARSER.parse(source);
    CompilationUnit unit =
        parsed
            .getResult()
            .filter(u -> parsed.isSuccessful())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "Cannot parse " + where + ": " + parsed.getProblems()));
    for (CallableDeclaration<?> callable : unit.findAll(CallableDeclaration.class)) {
      methodLines.put(
          typeName(callable) + "#" + callable.getSignature().asString(), lines(callable));
    }
    int codeLines = codeLines(source, unit.getAllContainedComments());
    for (TypeDeclaration<?> type : unit.getTypes()) {
      classCodeLines.put(type.getFullyQualifiedName().orElse(type.getNameAsString()), codeLines);
    }
  }

  private static String typeName(Node node) {
    Node parent = node.getParentNode().orElseThrow();
    while (!(parent instanceof TypeDeclaration<?> type
        && type.getFullyQualifiedName().isPresent())) {
      parent = parent.getParentNode().orElseThrow();
    }
    return ((TypeDeclaration<?>) parent).getFullyQualifiedName().orElseThrow();
  }

  private static int lines(Node node) {
    Range range = node.getRange().orElseThrow();
    return range.end.line - range.begin.line + 1;
  }

  /** The lines that have a character outside every comment and whitespace. */
  private static int codeLines(String source, List<Comment> comments) {
    String[] lines = source.split("\r\n|\r|\n", -1);
    boolean[][] comment = new boolean[lines.length][];
    for (int i = 0; i < lines.length; i++) {
      comment[i] = new boolean[lines[i].length()];
    }
    for (Comment c : comments) {
      Range range = c.getRange().orElseThrow();
      for (int line = range.begin.line; line <= range.end.line; line++) {
        boolean[] marks = comment[line - 1];
        int from = line == range.begin.line ? range.begin.column - 1 : 0;
        int to = line == range.end.line ? Math.min(range.end.column, marks.length) : marks.length;
        for (int column = Math.max(from, 0); column < to; column++) {
          marks[column] = true;
        }
      }
    }
    int code = 0;
    for (int i = 0; i < lines.length; i++) {
      for (int column = 0; column < lines[i].length(); column++) {
        if (!comment[i][column] && !Character.isWhitespace(lines[i].charAt(column))) {
          code++;
          break;
        }
      }
    }
    return code;
  }
}
