package dev.icebergops.test;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares what a data migration writes, so that the data check ({@link
 * MigrationSuite#dataSurvivesEveryMigration}) checks its values (undeclared, a value where a row
 * read null passes unchecked, and any other new value fails): in the rows written before {@link
 * #version()}, {@link #column()} of {@link #table()} must read what {@link #values()} computes from
 * the row, or {@link #fillNulls()} where it read null; every other column of those rows must keep
 * its value, as in any migration. Rows written at the version or later are not backfilled, and keep
 * every value. Used in {@link IcebergMigrations#backfills()}; see {@link
 * IcebergMigrationsExtension.Builder#backfill} for the programmatic form.
 *
 * <p>The common case, nulls filled with one value, takes one line: {@code @Backfill(version =
 * "0008", table = "ledger", column = "status", fillNulls = "POSTED")}. Values computed from the row
 * take a {@link BackfillValues} class:
 *
 * <pre>{@code
 * @IcebergMigrations(
 *     locations = "classpath:com/acme/payments/db/iceberg",
 *     backfills =
 *         @Backfill(version = "0002", table = "payments", column = "amount_cents",
 *             values = PaymentsMigrationsTest.AmountInCents.class,
 *             description = "amount x 100"))
 * class PaymentsMigrationsTest implements MigrationSuite {
 *
 *   static class AmountInCents implements BackfillValues {
 *     public Object expected(Map<String, Object> row) {
 *       return ((BigDecimal) row.get("amount")).movePointRight(2).longValueExact();
 *     }
 *   }
 * }
 * }</pre>
 *
 * <p>A version the set does not have, or a declaration with both or neither of {@code values} and
 * {@code fillNulls}, fails the class before its first test; a table or column the version does not
 * have fails the data check at that version, naming the declaration, and so does a {@code
 * fillNulls} value that is no value of the column's type.
 */
@Target({})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Backfill {

  /** The four-digit version whose upgrade writes the values, e.g. {@code "0002"}. */
  String version();

  /** The table it backfills, without namespace. */
  String table();

  /**
   * The column it writes, by its name right after the version's upgrade: a new column it fills or
   * an existing one it rewrites; a dotted path for a field of a struct.
   */
  String column();

  /**
   * Computes the value the column must read in each row written before the version; unset ({@code
   * BackfillValues.class}) when {@link #fillNulls()} gives it. One of the two is required.
   */
  Class<? extends BackfillValues> values() default BackfillValues.class;

  /**
   * The value the column must read where it read null in a row written before the version (a column
   * added since the row was written reads null), as text in the column's type: {@code "POSTED"},
   * {@code "0"}, {@code "2.50"}, {@code "true"}, {@code "2026-01-01"}, {@code
   * "2026-01-01T00:00:00Z"}; every other value of the column stays. Unset (empty) when {@link
   * #values()} computes the values; one of the two is required.
   */
  String fillNulls() default "";

  /**
   * What the values are, for failure messages, e.g. {@code "amount x 100"}; if empty, the class's
   * name, or "nulls filled with" the {@link #fillNulls()} value.
   */
  String description() default "";
}
