package dev.icebergops.runner;

/**
 * A view of the namespace whose SQL reads a column or a table that a pending version renames or
 * drops: once the version applies, the view fails at query time until it is replaced.
 *
 * @param view the view's full name, for example {@code sales.orders_by_region}
 * @param table the table's full name, for example {@code sales.orders}
 * @param column the column the version renames or drops, by its full dotted name before it; null
 *     when the version drops or renames the table itself
 * @param renamedTo the column's name (the table's full name, when {@code column} is null) after the
 *     version, or null when the version drops it
 */
public record ViewBreak(String view, String table, String column, String renamedTo) {

  /**
   * One sentence, e.g. {@code view sales.v reads sales.orders.amount, which this version renames to
   * total}.
   *
   * @param who who changes the column, e.g. {@code this version}
   */
  String describe(String who) {
    return "view %s reads %s%s, which %s%s"
        .formatted(
            view,
            table,
            column == null ? "" : "." + column,
            who,
            renamedTo == null ? " drops" : " renames to " + renamedTo);
  }
}
