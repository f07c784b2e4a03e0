package dev.icebergops.schema;

import dev.icebergops.internal.ColumnDefaults;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.types.Type;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads the YAML contract layout. A file that is not YAML fails with the parser's one error; in a
 * YAML file, every problem is found, each with its line and column, and reported in one message
 * naming the file.
 */
final class ContractYaml {

  /** A contract's columns and its strictness, as read. */
  record Layout(List<ColumnSpec> columns, boolean strict) {}

  private static final Set<String> TOP_LEVEL_KEYS = Set.of("columns", "strict");

  /** YAML reads {@code a: b} and {@code a, b} inside an unquoted value as structure. */
  private static final String QUOTE = "; quote a nested type, e.g. type: \"map<string, int>\"";

  private static final Set<String> COLUMN_KEYS =
      Set.of("name", "type", "required", "doc", "initial-default", "write-default");

  /** What the contract was read from, for messages: a file's path or a resource's name. */
  private final String source;

  /** Where each key and list item is, by its dotted path ("columns.2.type"). */
  private final Map<String, Mark> marks = new HashMap<>();

  /** Every problem found, each with its line and column. */
  private final List<String> problems = new ArrayList<>();

  private ContractYaml(String source) {
    this.source = source;
  }

  static Layout load(Path path) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return load(in, path.toString());
    }
  }

  static Layout load(InputStream in, String source) throws IOException {
    ContractYaml reader = new ContractYaml(source);
    return reader.read(YamlLimits.readBounded(in, "Cannot load contract " + source, "a contract"));
  }

  private Layout read(byte[] bytes) {
    Object document = parse(decode(bytes));
    if (document == null) {
      throw fail("the file is empty; expected a mapping with a 'columns' list");
    }
    if (!(document instanceof Map<?, ?> root)) {
      throw fail(
          "expected a mapping with a 'columns' list at the top level, got " + describe(document));
    }
    checkKeys(root, TOP_LEVEL_KEYS, "top-level key", "");
    boolean strict = booleanValue(root, "strict", "'strict'", "strict");
    Object columns = root.get("columns");
    List<?> entries = columns instanceof List<?> list ? list : List.of();
    if (columns == null) {
      problem(
          "columns",
          root.containsKey("columns") ? "'columns' is empty" : "missing the 'columns' list");
    } else if (!(columns instanceof List)) {
      problem("columns", "'columns' must be a list, got " + describe(columns));
    } else if (entries.isEmpty()) {
      problem("columns", "'columns' is empty; declare at least one column");
    }
    List<ColumnSpec> specs = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      ColumnSpec spec = column(i + 1, entries.get(i));
      if (spec != null && !names.add(spec.name())) {
        problem(
            "columns." + (i + 1),
            "column " + (i + 1) + " (" + spec.name() + "): duplicate column name");
      }
      specs.add(spec);
    }
    if (problems.size() == 1) {
      throw fail(problems.get(0));
    } else if (!problems.isEmpty()) {
      throw fail(problems.size() + " problems: " + String.join("; ", problems));
    }
    return new Layout(specs, strict);
  }

  /** The column, or null when it has a problem (recorded). */
  private ColumnSpec column(int index, Object entry) {
    String where = "column " + index;
    String path = "columns." + index;
    if (!(entry instanceof Map<?, ?> column)) {
      return problem(
          path, where + ": expected a mapping with 'name' and 'type', got " + describe(entry));
    }
    Object name = column.get("name");
    if (name == null) {
      return problem(path, where + ": missing 'name'");
    }
    if (!(name instanceof String) || ((String) name).isBlank()) {
      return problem(
          path + ".name", where + ": 'name' must be a non-empty string, got " + describe(name));
    }
    where = where + " (" + name + ")";
    int before = problems.size();
    checkKeys(column, COLUMN_KEYS, where + ": key", path + ".");
    boolean required = booleanValue(column, "required", where + ": 'required'", path + ".required");
    Object doc = column.get("doc");
    if (doc != null && !(doc instanceof String)) {
      problem(path + ".doc", where + ": 'doc' must be a string, got " + describe(doc));
    }
    Type type = type(column.get("type"), where, path + ".type", column.containsKey("type"));
    Literal<?> initial = defaultValue(column, "initial-default", type, where, path);
    Literal<?> write = defaultValue(column, "write-default", type, where, path);
    return type == null || problems.size() > before
        ? null
        : new ColumnSpec((String) name, type, required, (String) doc, initial, write);
  }

  /** A column's default, read as a value of its type; null when absent or with a problem. */
  private Literal<?> defaultValue(
      Map<?, ?> column, String key, Type type, String where, String path) {
    Object value = column.get(key);
    if (value == null || type == null) {
      return null;
    }
    try {
      if (value instanceof Map || value instanceof List || !type.isPrimitiveType()) {
        throw new IllegalArgumentException("a default must be one value of a primitive type");
      }
      return ColumnDefaults.parse(type, String.valueOf(value));
    } catch (RuntimeException e) {
      return problem(
          path + "." + key,
          "%s: '%s' %s is not a %s (%s)"
              .formatted(where, key, describe(value), IcebergTypes.format(type), e.getMessage()));
    }
  }

  private Type type(Object value, String where, String path, boolean given) {
    if (value == null) {
      return problem(
          given ? path : path.substring(0, path.lastIndexOf('.')), where + ": missing 'type'");
    }
    if (!(value instanceof String text)) {
      String hint = value instanceof Map ? QUOTE : "";
      return problem(path, where + ": 'type' must be a string, got " + describe(value) + hint);
    }
    try {
      return IcebergTypes.parseType(text);
    } catch (IllegalArgumentException e) {
      boolean cut =
          text.chars().filter(c -> c == '<').count() > text.chars().filter(c -> c == '>').count();
      return problem(path, where + ": " + e.getMessage() + (cut ? QUOTE : ""));
    }
  }

  private boolean booleanValue(Map<?, ?> map, String key, String what, String path) {
    Object value = map.get(key);
    if (value instanceof Boolean bool) {
      return bool;
    }
    if (value != null || map.containsKey(key)) {
      problem(
          path,
          what
              + " must be true or false, got "
              + (value == null ? "an empty value" : describe(value)));
    }
    return false;
  }

  private void checkKeys(Map<?, ?> map, Set<String> allowed, String what, String prefix) {
    for (Object key : map.keySet()) {
      if (!(key instanceof String) || !allowed.contains(key)) {
        problem(
            prefix + key,
            "%s %s is not allowed (allowed: %s)"
                .formatted(
                    what, describe(key), String.join(", ", allowed.stream().sorted().toList())));
      }
    }
  }

  /** Records a problem at a value's path ("columns.2.type"), with its line and column; null. */
  private <T> T problem(String path, String reason) {
    problems.add(reason + YamlLimits.where(marks.get(path)));
    return null;
  }

  /** Records where each key and each list item of the document is, by its dotted path. */
  private void mark(Node node, String prefix) {
    if (node instanceof MappingNode mapping) {
      for (NodeTuple tuple : mapping.getValue()) {
        if (tuple.getKeyNode() instanceof ScalarNode key) {
          marks.putIfAbsent(prefix + key.getValue(), key.getStartMark());
          mark(tuple.getValueNode(), prefix + key.getValue() + ".");
        }
      }
    } else if (node instanceof SequenceNode sequence) {
      List<Node> items = sequence.getValue();
      for (int i = 0; i < items.size(); i++) {
        marks.putIfAbsent(prefix + (i + 1), items.get(i).getStartMark());
        mark(items.get(i), prefix + (i + 1) + ".");
      }
    }
  }

  private String decode(byte[] bytes) {
    try {
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
      return text.startsWith("\uFEFF") ? text.substring(1) : text;
    } catch (CharacterCodingException e) {
      throw fail("the file is not valid UTF-8");
    }
  }

  private Object parse(String text) {
    try {
      return YamlLimits.load(text, root -> mark(root, ""));
    } catch (YamlLimits.ScalarTooLong e) {
      throw fail(e.getMessage());
    } catch (MarkedYAMLException e) {
      String problem =
          e.getProblem() == null
              ? e.getContext()
              : e.getContext() == null ? e.getProblem() : e.getContext() + ", " + e.getProblem();
      throw fail(
          "not valid YAML: " + problem + YamlLimits.where(e.getProblemMark()) + quoteHint(text, e));
    } catch (YAMLException e) {
      throw fail("not valid YAML: " + e.getMessage());
    }
  }

  /**
   * A nested type left unquoted, {@code type: struct<a: int>}, reads as a mapping inside a value:
   * the hint to quote it.
   */
  private static String quoteHint(String text, MarkedYAMLException e) {
    Mark mark = e.getProblemMark();
    List<String> lines = text.lines().toList();
    String line = mark == null || mark.getLine() >= lines.size() ? "" : lines.get(mark.getLine());
    int type = line.indexOf("type:");
    return type >= 0 && line.indexOf('<', type) > 0
        ? "; quote the type: type: \"" + line.substring(type + 5).strip() + "\""
        : "";
  }

  private IllegalArgumentException fail(String reason) {
    return new IllegalArgumentException("Cannot load contract " + source + ": " + reason);
  }

  private static String describe(Object value) {
    if (value == null) {
      return "nothing";
    }
    if (value instanceof Map) {
      return "a mapping";
    }
    if (value instanceof List) {
      return "a list";
    }
    if (value instanceof String) {
      return "'" + value + "'";
    }
    String kind =
        value instanceof Boolean
            ? "boolean"
            : value instanceof Number ? "number" : value.getClass().getSimpleName();
    return kind + " " + value;
  }
}
