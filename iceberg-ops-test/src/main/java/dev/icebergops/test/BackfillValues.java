package dev.icebergops.test;

import java.util.Map;

/**
 * The values a backfill must write: for one row written before the backfill's version, the value
 * its column must read afterwards. Declared with {@link Backfill}; a class used there needs a
 * no-argument constructor (it may be private, or a static nested class of the test class).
 *
 * <pre>{@code
 * static class AmountInCents implements BackfillValues {
 *   public Object expected(Map<String, Object> row) {
 *     return ((BigDecimal) row.get("amount")).movePointRight(2).longValueExact();
 *   }
 * }
 * }</pre>
 *
 * <p>For nulls filled with a value computed from the row, return the column's own value where it
 * has one ({@code row.get("status") != null ? row.get("status") : ...}); nulls filled with one
 * value need no class: {@link Backfill#fillNulls()}.
 */
@FunctionalInterface
public interface BackfillValues {

  /**
   * The value the backfilled column must read in a row.
   *
   * @param row the row as the backfill's upgrade found it: each column by its name right after that
   *     upgrade, with the value it read before (structs as nested maps, Iceberg's generic values
   *     otherwise: {@code Long}, {@code BigDecimal}, {@code String}, {@code OffsetDateTime}, ...);
   *     a column added since the row was written, the backfilled one included, holds null or its
   *     initial default
   * @return the value, of the column's type (any whole {@code Number} for {@code int} and {@code
   *     long}); null for a row the backfill leaves null
   */
  Object expected(Map<String, Object> row);
}
