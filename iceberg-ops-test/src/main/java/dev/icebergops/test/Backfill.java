package dev.icebergops.test;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares what a data migration writes, so that the data check ({@link
 * MigrationSuite#dataSurvivesEveryMigration}) checks its values instead of reporting them as a
 * loss: in the rows written before {@link #version()}, {@link #column()} of {@link #table()} must
 * read what {@link #values()} computes from the row; every other column of those rows must keep its
 * value, as in any migration. Rows written at the version or later are not backfilled, and keep
 * every value. Used in {@link IcebergMigrations#backfills()}; see {@link
 * IcebergMigrationsExtension.Builder#backfill} for the programmatic form.
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
 * <p>A version, table or column the set does not have fails the class before its first test
 * (version) or the data check at that version (table, column), naming the declaration.
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

  /** Computes the value the column must read in each row written before the version. */
  Class<? extends BackfillValues> values();

  /**
   * What the values are, for failure messages, e.g. {@code "amount x 100"}; the class's name if
   * empty.
   */
  String description() default "";
}
