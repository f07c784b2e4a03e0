package dev.icebergops.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the guide's checks read of Java text: its code without comments and literals, its imports.
 */
final class JavaText {

  private static final Pattern IMPORT = Pattern.compile("^import (static )?([\\w.]+)\\.(\\w+);$");

  /**
   * One import line.
   *
   * @param line the line as written
   * @param isStatic whether it imports a static member
   * @param name the simple name it brings in: a type's, or a static member's
   */
  record Import(String line, boolean isStatic, String name) {}

  private JavaText() {}

  /** The import of a line, or null when the line is none. */
  static Import importOf(String line) {
    Matcher m = IMPORT.matcher(line.strip());
    return m.matches() ? new Import(line.strip(), m.group(1) != null, m.group(3)) : null;
  }

  /** The imports among the lines, in their order. */
  static List<Import> imports(List<String> lines) {
    List<Import> imports = new ArrayList<>();
    for (String line : lines) {
      Import found = importOf(line);
      if (found != null) {
        imports.add(found);
      }
    }
    return imports;
  }

  /** Whether the code names {@code name} unqualified: as a word not preceded by a dot. */
  static boolean names(String code, String name) {
    return Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "\\b").matcher(code).find();
  }

  /**
   * The lines as one text without comments, string and character literals (text blocks too), and
   * import lines: what the code itself names.
   */
  static String code(List<String> lines) {
    StringBuilder text = new StringBuilder();
    for (String line : lines) {
      if (importOf(line) == null) {
        text.append(line).append('\n');
      }
    }
    return stripped(text.toString());
  }

  private static String stripped(String text) {
    StringBuilder code = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      if (text.startsWith("//", i)) {
        i = until(text, "\n", i + 2) - 1;
      } else if (text.startsWith("/*", i)) {
        i = until(text, "*/", i + 2);
      } else if (text.startsWith("\"\"\"", i)) {
        i = until(text, "\"\"\"", i + 3);
        code.append("\"\"");
      } else if (text.charAt(i) == '"' || text.charAt(i) == '\'') {
        i = literalEnd(text, i);
        code.append("\"\"");
      } else {
        code.append(text.charAt(i));
      }
      i++;
    }
    return code.toString();
  }

  /** The index of the last character of {@code end} found from {@code from}, or the text's end. */
  private static int until(String text, String end, int from) {
    int at = text.indexOf(end, from);
    return at < 0 ? text.length() : at + end.length() - 1;
  }

  /** The index of the quote closing the literal opened at {@code start}. */
  private static int literalEnd(String text, int start) {
    char quote = text.charAt(start);
    int i = start + 1;
    while (i < text.length() && text.charAt(i) != quote && text.charAt(i) != '\n') {
      i += text.charAt(i) == '\\' ? 2 : 1;
    }
    return i;
  }
}
