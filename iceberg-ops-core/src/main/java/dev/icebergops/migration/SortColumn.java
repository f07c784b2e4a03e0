package dev.icebergops.migration;

import org.apache.iceberg.NullOrder;
import org.apache.iceberg.SortDirection;

/**
 * One column of a sort order set with {@link MigrationContext#replaceSortOrder}: ascending sorts
 * nulls first, descending nulls last, both with the identity transform.
 *
 * <pre>{@code
 * ctx.replaceSortOrder("events", List.of(SortColumn.asc("ts"), SortColumn.desc("id")));
 * }</pre>
 *
 * @param column the column to sort by; a dotted path for a field of a nested struct
 * @param direction ascending or descending
 */
public record SortColumn(String column, SortDirection direction) {

  /**
   * Validates both parts.
   *
   * @param column the column to sort by
   * @param direction ascending or descending
   * @throws IllegalArgumentException if the column is null or blank, or the direction is null
   */
  public SortColumn {
    if (column == null || column.isBlank()) {
      throw new IllegalArgumentException("Cannot create sort column: the column name is empty");
    }
    if (direction == null) {
      throw new IllegalArgumentException(
          "Cannot create sort column " + column + ": the direction is null");
    }
  }

  /**
   * An ascending sort column, nulls first.
   *
   * @param column the column
   * @return the sort column
   * @throws IllegalArgumentException if the column is blank
   */
  public static SortColumn asc(String column) {
    return new SortColumn(column, SortDirection.ASC);
  }

  /**
   * A descending sort column, nulls last.
   *
   * @param column the column
   * @return the sort column
   * @throws IllegalArgumentException if the column is blank
   */
  public static SortColumn desc(String column) {
    return new SortColumn(column, SortDirection.DESC);
  }

  /** Where nulls go: first when ascending, last when descending. */
  public NullOrder nullOrder() {
    return direction == SortDirection.ASC ? NullOrder.NULLS_FIRST : NullOrder.NULLS_LAST;
  }
}
