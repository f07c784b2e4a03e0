package dev.icebergops.test.assertj;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * The failure messages of the assertions, in AssertJ's layout ("Expecting actual: ... to have
 * column: ... but it does not"), and the text blocks they share: indentation and the full rendering
 * of a schema. Each message shows the actual value in full: the schema with all its columns, the
 * table's whole partition spec, sort order or property map, the diff's summary, the status of every
 * version.
 */
final class Failure extends BasicErrorMessageFactory {

  private Failure(String format, Object... arguments) {
    super(format, arguments);
  }

  /**
   * A message of {@code format}, whose {@code %s} show {@code arguments}: as the assertion's
   * representation shows them (a string in quotes), unless made {@link #text} or {@link #block}.
   */
  static ErrorMessageFactory of(String format, Object... arguments) {
    return new Failure(format, arguments);
  }

  /**
   * "Expecting actual:", then {@code actual} indented, then {@code expectation}: a format whose
   * {@code %s} show {@code arguments} as {@link #of} does.
   */
  static ErrorMessageFactory expecting(String actual, String expectation, Object... arguments) {
    Object[] all = new Object[arguments.length + 1];
    all[0] = block(actual);
    System.arraycopy(arguments, 0, all, 1, arguments.length);
    return new Failure("%nExpecting actual:%n%s%n" + expectation, all);
  }

  /** {@code text} shown as it is, without quotes. */
  static CharSequence text(String text) {
    return unquotedString(text);
  }

  /** {@code block} shown as it is, every line indented by two spaces. */
  static CharSequence block(String block) {
    return unquotedString(indent(block));
  }

  /** One indented line per item, or {@code (none)}, shown as they are. */
  static CharSequence lines(List<?> items) {
    return block(linesOf(items));
  }

  /** Indents every line of a block by two spaces, the way AssertJ shows an actual value. */
  static String indent(String block) {
    return "  " + block.replace("\n", "\n  ");
  }

  /** A schema as {@code <header> {}, one {@code id: name: required type (doc)} line per column. */
  static String schema(String header, Schema schema) {
    return schema.columns().isEmpty()
        ? header + " {}"
        : schema.columns().stream()
            .map(field -> "  " + field + "\n")
            .collect(Collectors.joining("", header + " {\n", "}"));
  }

  /** One {@code - line} per item, or {@code (none)}. */
  static String bullets(List<String> items) {
    return linesOf(items.stream().map(item -> "- " + item).toList());
  }

  /** {@code header}, a colon and one indented line per item. */
  static String headed(String header, List<?> items) {
    return header + ":\n" + indent(linesOf(items));
  }

  /** One line per item, or {@code (none)}. */
  private static String linesOf(List<?> items) {
    return items.isEmpty()
        ? "(none)"
        : items.stream().map(String::valueOf).collect(Collectors.joining("\n"));
  }
}
