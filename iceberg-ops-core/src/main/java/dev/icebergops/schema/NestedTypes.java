package dev.icebergops.schema;

import dev.icebergops.internal.Quoting;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Parses Iceberg's nested type grammar by recursive descent, bounded in length and depth:
 *
 * <pre>
 * type        := struct | list | map | primitive
 * struct      := 'struct' '&lt;' field (',' field)* '&gt;'
 * field       := name ':' [nullability] type
 * list        := 'list' '&lt;' [nullability] type '&gt;'
 * map         := 'map' '&lt;' type ',' [nullability] type '&gt;'
 * nullability := 'optional' | 'required'       (optional when absent)
 * name        := [A-Za-z_][A-Za-z0-9_]* | '`' any text, '``' for a backtick '`'
 * </pre>
 *
 * Keywords and primitives are case-insensitive, names keep their case; spaces, tabs and line breaks
 * are allowed between tokens. Field ids are numbered in order of appearance (structural comparison
 * ignores them).
 */
final class NestedTypes {

  /** The longest nested type string; below the YAML scalar limit so the column can be named. */
  static final int MAX_LENGTH = 16 * 1024;

  private final String text;
  private final Function<String, Type.PrimitiveType> primitives;
  private int pos;
  private int nextId = 1;

  private NestedTypes(String text, Function<String, Type.PrimitiveType> primitives) {
    this.text = text;
    this.primitives = primitives;
  }

  /** True when the text starts like a nested type (a keyword then '<'), whatever its case. */
  static boolean looksNested(String text) {
    String lower = text.stripLeading().toLowerCase(Locale.ROOT);
    return lower.matches("(?s)(struct|list|map|array)\\s*<.*");
  }

  /** Parses a nested type, its primitives with {@code primitives}. */
  static Type parse(String typeString, Function<String, Type.PrimitiveType> primitives) {
    if (typeString.length() > MAX_LENGTH) {
      throw TypeText.invalid(
          typeString,
          "longer than " + MAX_LENGTH + " characters, the limit for a nested type in a contract");
    }
    NestedTypes parser = new NestedTypes(typeString, primitives);
    Type type = parser.type(0, "");
    parser.skipSpace();
    if (parser.pos < typeString.length()) {
      throw parser.error("unexpected text after the type");
    }
    return type;
  }

  private Type type(int depth, String path) {
    skipSpace();
    int start = pos;
    String word = word();
    skipSpace();
    if (!peek('<')) {
      if (List.of("struct", "list", "map").contains(word)) {
        throw error("expected '<' after " + word);
      }
      pos = start;
      return primitive(path);
    }
    if (depth >= YamlLimits.MAX_DEPTH) { // the nesting limit of a contract's YAML
      throw TypeText.invalid(
          text,
          "nested deeper than %s levels at %s, the limit for a contract"
              .formatted(YamlLimits.MAX_DEPTH, where(path)));
    }
    pos++;
    Type type =
        switch (word) {
          case "struct" -> struct(depth + 1, path);
          case "list" -> list(depth + 1, path);
          case "map" -> map(depth + 1, path);
          case "array" -> throw error("use list<type> for an array, as Iceberg names it");
          default ->
              throw error("unknown nested type '" + word + "', expected struct, list or map");
        };
    expect('>');
    return type;
  }

  private Type struct(int depth, String path) {
    List<Types.NestedField> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    do {
      skipSpace();
      if (peek('>')) {
        throw error("a struct needs at least one field");
      }
      String name = name();
      if (!names.add(name)) {
        throw error("duplicate field name '" + name + "' in a struct");
      }
      expect(':');
      String fieldPath = join(path, name);
      boolean optional = nullability();
      int id = nextId++;
      Type type = type(depth, fieldPath);
      fields.add(Types.NestedField.of(id, optional, name, type));
      skipSpace();
    } while (accept(','));
    return Types.StructType.of(fields);
  }

  private Type list(int depth, String path) {
    boolean optional = nullability();
    int id = nextId++;
    Type element = type(depth, join(path, "element"));
    return optional
        ? Types.ListType.ofOptional(id, element)
        : Types.ListType.ofRequired(id, element);
  }

  private Type map(int depth, String path) {
    int keyId = nextId++;
    int valueId = nextId++;
    skipSpace();
    if ("optional".equals(nullabilityWord())) {
      throw error("a map key is always required");
    }
    nullability(); // "required", if written
    Type key = type(depth, join(path, "key"));
    skipSpace();
    expect(',');
    boolean optional = nullability();
    Type value = type(depth, join(path, "value"));
    return optional
        ? Types.MapType.ofOptional(keyId, valueId, key, value)
        : Types.MapType.ofRequired(keyId, valueId, key, value);
  }

  /** Reads an optional nullability keyword; true (optional) when there is none. */
  private boolean nullability() {
    skipSpace();
    String keyword = nullabilityWord();
    if (keyword == null) {
      return true;
    }
    pos += keyword.length();
    return keyword.equals("optional");
  }

  /** "optional" or "required" when the next token is that keyword followed by a space. */
  private String nullabilityWord() {
    for (String keyword : List.of("optional", "required")) {
      int end = pos + keyword.length();
      if (text.regionMatches(true, pos, keyword, 0, keyword.length())
          && end < text.length()
          && Character.isWhitespace(text.charAt(end))) {
        return keyword;
      }
    }
    return null;
  }

  /** A primitive: everything up to the next ',' or '>' outside parentheses and brackets. */
  private Type primitive(String path) {
    int start = pos;
    int depth = 0;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (depth == 0 && (c == ',' || c == '>' || c == '<')) {
        break;
      }
      depth += (c == '(' || c == '[') ? 1 : (c == ')' || c == ']') ? -1 : 0;
      pos++;
    }
    String primitive = text.substring(start, pos);
    if (primitive.isBlank()) {
      throw error("expected a type at " + where(path));
    }
    try {
      return primitives.apply(primitive);
    } catch (IllegalArgumentException e) {
      throw TypeText.invalid(text, "at " + where(path) + ": " + e.getMessage(), e);
    }
  }

  private String name() {
    if (accept('`')) {
      StringBuilder name = new StringBuilder();
      while (pos < text.length()) {
        char c = text.charAt(pos++);
        if (c != '`') {
          name.append(c);
        } else if (accept('`')) {
          name.append('`');
        } else {
          return requireName(name.toString());
        }
      }
      throw error("a quoted field name is not closed with '`'");
    }
    int start = pos;
    while (pos < text.length()
        && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
      pos++;
    }
    if (start == pos || Character.isDigit(text.charAt(start))) {
      throw error("expected a field name (quote other names in backticks: `zip code`)");
    }
    return text.substring(start, pos);
  }

  private String requireName(String name) {
    if (name.isBlank()) {
      throw error("a field name is empty");
    }
    if (name.chars()
        .anyMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT)) {
      throw error("a field name holds a control character");
    }
    return name;
  }

  private String word() {
    int start = pos;
    while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
      pos++;
    }
    return text.substring(start, pos).toLowerCase(Locale.ROOT);
  }

  private void skipSpace() {
    while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
  }

  private boolean peek(char c) {
    return pos < text.length() && text.charAt(pos) == c;
  }

  private boolean accept(char c) {
    skipSpace();
    if (peek(c)) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!accept(c)) {
      throw error("expected '" + c + "'");
    }
  }

  private IllegalArgumentException error(String reason) {
    String found =
        pos < text.length() ? Quoting.quote(String.valueOf(text.charAt(pos))) : "the end";
    return TypeText.invalid(text, reason + " at character " + (pos + 1) + ", found " + found);
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static String where(String path) {
    return path.isEmpty() ? "the top level" : "field " + path;
  }
}
