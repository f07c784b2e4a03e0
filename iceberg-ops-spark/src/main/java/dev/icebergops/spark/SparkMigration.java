package dev.icebergops.spark;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/**
 * A migration whose data steps run in Spark: {@link BaseMigration} (version and description from
 * the class name) plus {@link #spark(MigrationContext)}, the session of the application the runner
 * runs in.
 *
 * <pre>{@code
 * public class V0003__CopyOrdersToArchive extends SparkMigration {
 *   @Override public void upgrade(MigrationContext ctx) {
 *     SparkMigrationContext spark = spark(ctx);
 *     spark.spark().table(spark.table("orders")).writeTo(spark.table("orders_archive")).append();
 *   }
 *   @Override public void downgrade(MigrationContext ctx) {
 *     ctx.dropTableIfExists("orders_archive");
 *   }
 * }
 * }</pre>
 */
public abstract class SparkMigration extends BaseMigration {

  /**
   * The Spark view of the runner's context, on the active Spark session.
   *
   * @param ctx the context the runner handed the migration
   * @return the Spark view of that context
   * @throws IllegalStateException if no Spark session is active, or it has no Spark catalog for the
   *     runner's catalog (see {@link SparkMigrationContext#of(MigrationContext)})
   */
  protected final SparkMigrationContext spark(MigrationContext ctx) {
    return SparkMigrationContext.of(ctx);
  }
}
