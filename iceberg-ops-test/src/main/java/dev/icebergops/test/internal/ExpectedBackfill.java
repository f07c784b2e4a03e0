package dev.icebergops.test.internal;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A declared backfill: the values a version's upgrade writes to one column of one table, for the
 * rows written before it, which the data check then expects instead of the values written.
 *
 * <pre>{@code
 * new ExpectedBackfill("0002", "payments", "amount_cents", "amount x 100",
 *     row -> ((BigDecimal) row.get("amount")).movePointRight(2).longValueExact());
 * }</pre>
 *
 * @param version the version whose upgrade writes the values
 * @param table the table, without namespace
 * @param column the column, by its name right after the version's upgrade (dotted for a nested
 *     field)
 * @param description what the values are, for messages
 * @param values the value for a row, given the row as the upgrade found it by column name; a value
 *     given as text where the column has another primitive type is read as that type ({@link
 *     RowValues#typed})
 */
public record ExpectedBackfill(
    String version,
    String table,
    String column,
    String description,
    Function<Map<String, Object>, Object> values) {

  /** Requires every component. */
  public ExpectedBackfill {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(values, "values");
  }

  /**
   * The values of a backfill that fills the nulls of a column with one value and keeps every other
   * value.
   *
   * @param column the column, by its name right after the version's upgrade (dotted for a nested
   *     field)
   * @param value the value, as text in the column's type: {@code "POSTED"}, {@code "0"}, {@code
   *     "2026-01-01"}
   * @return the values, for {@link #values()}
   */
  public static Function<Map<String, Object>, Object> fillingNulls(String column, String value) {
    return row -> {
      Object now = row;
      for (String name : column.split("\\.")) {
        now = now instanceof Map<?, ?> struct ? struct.get(name) : null;
      }
      return now == null ? value : now;
    };
  }

  /** "the backfill of payments.amount_cents at 0002 (amount x 100)". */
  String label() {
    return "the backfill of " + table + "." + column + " at " + version + " (" + description + ")";
  }
}
