package dev.icebergops.test.assertj;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types.NestedField;

/** Text blocks shared by the failure messages: indentation and the full rendering of a schema. */
final class Render {

  private Render() {}

  /** Indents every line of a block by two spaces, the way AssertJ shows an actual value. */
  static String indent(String block) {
    return "  " + block.replace("\n", "\n  ");
  }

  /** A schema as {@code <header> {}, one {@code id: name: required type (doc)} line per column. */
  static String schema(String header, Schema schema) {
    if (schema.columns().isEmpty()) {
      return header + " {}";
    }
    StringBuilder out = new StringBuilder(header).append(" {\n");
    for (NestedField field : schema.columns()) {
      out.append("  ").append(field).append('\n');
    }
    return out.append('}').toString();
  }

  /** One {@code - line} per item, or {@code (none)}. */
  static String bullets(List<String> items) {
    if (items.isEmpty()) {
      return "(none)";
    }
    return items.stream().map(item -> "- " + item).collect(Collectors.joining("\n"));
  }

  /** One line per item, or {@code (none)}. */
  static String lines(List<?> items) {
    if (items.isEmpty()) {
      return "(none)";
    }
    return items.stream().map(String::valueOf).collect(Collectors.joining("\n"));
  }
}
