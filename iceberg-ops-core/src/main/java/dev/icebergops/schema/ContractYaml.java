package dev.icebergops.schema;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.types.Type;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/** Reads the YAML contract layout; every malformed file gets a message naming file and column. */
final class ContractYaml {

  /** A contract's columns and its strictness, as read. */
  record Layout(List<ColumnSpec> columns, boolean strict) {}

  private static final Set<String> TOP_LEVEL_KEYS = Set.of("columns", "strict");
  private static final Set<String> COLUMN_KEYS = Set.of("name", "type", "required", "doc");

  /** What the contract was read from, for messages: a file's path or a resource's name. */
  private final String source;

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
    if (!(document instanceof Map)) {
      throw fail(
          "expected a mapping with a 'columns' list at the top level, got " + describe(document));
    }
    Map<?, ?> root = (Map<?, ?>) document;
    checkKeys(root, TOP_LEVEL_KEYS, "top-level key");
    boolean strict = booleanValue(root, "strict", "'strict'");
    Object columns = root.get("columns");
    if (columns == null) {
      throw fail(root.containsKey("columns") ? "'columns' is empty" : "missing the 'columns' list");
    }
    if (!(columns instanceof List)) {
      throw fail("'columns' must be a list, got " + describe(columns));
    }
    List<?> entries = (List<?>) columns;
    if (entries.isEmpty()) {
      throw fail("'columns' is empty; declare at least one column");
    }
    List<ColumnSpec> specs = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      ColumnSpec spec = column(i + 1, entries.get(i));
      if (!names.add(spec.name())) {
        throw fail("column " + (i + 1) + " (" + spec.name() + "): duplicate column name");
      }
      specs.add(spec);
    }
    return new Layout(specs, strict);
  }

  private ColumnSpec column(int index, Object entry) {
    String where = "column " + index;
    if (!(entry instanceof Map)) {
      throw fail(where + ": expected a mapping with 'name' and 'type', got " + describe(entry));
    }
    Map<?, ?> column = (Map<?, ?>) entry;
    Object name = column.get("name");
    if (name == null) {
      throw fail(where + ": missing 'name'");
    }
    if (!(name instanceof String) || ((String) name).isBlank()) {
      throw fail(where + ": 'name' must be a non-empty string, got " + describe(name));
    }
    where = where + " (" + name + ")";
    checkKeys(column, COLUMN_KEYS, where + ": key");
    Object typeValue = column.get("type");
    if (typeValue == null) {
      throw fail(where + ": missing 'type'");
    }
    if (!(typeValue instanceof String)) {
      throw fail(where + ": 'type' must be a string, got " + describe(typeValue));
    }
    Type type;
    try {
      type = IcebergTypes.parseType((String) typeValue);
    } catch (IllegalArgumentException e) {
      throw fail(where + ": " + e.getMessage());
    }
    boolean required = booleanValue(column, "required", where + ": 'required'");
    Object doc = column.get("doc");
    if (doc != null && !(doc instanceof String)) {
      throw fail(where + ": 'doc' must be a string, got " + describe(doc));
    }
    return new ColumnSpec((String) name, type, required, (String) doc);
  }

  private boolean booleanValue(Map<?, ?> map, String key, String what) {
    Object value = map.get(key);
    if (value == null) {
      if (map.containsKey(key)) {
        throw fail(what + " must be true or false, got an empty value");
      }
      return false;
    }
    if (!(value instanceof Boolean)) {
      throw fail(what + " must be true or false, got " + describe(value));
    }
    return (Boolean) value;
  }

  private void checkKeys(Map<?, ?> map, Set<String> allowed, String what) {
    for (Object key : map.keySet()) {
      if (!(key instanceof String) || !allowed.contains(key)) {
        throw fail(
            what
                + " "
                + describe(key)
                + " is not allowed (allowed: "
                + String.join(", ", allowed.stream().sorted().toList())
                + ")");
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
      return YamlLimits.load(text);
    } catch (YamlLimits.ScalarTooLong e) {
      throw fail(e.getMessage());
    } catch (MarkedYAMLException e) {
      String problem =
          e.getProblem() == null
              ? e.getContext()
              : e.getContext() == null ? e.getProblem() : e.getContext() + ", " + e.getProblem();
      throw fail("not valid YAML: " + problem + YamlLimits.where(e.getProblemMark()));
    } catch (YAMLException e) {
      throw fail("not valid YAML: " + e.getMessage());
    }
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
