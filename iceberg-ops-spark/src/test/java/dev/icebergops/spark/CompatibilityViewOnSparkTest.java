package dev.icebergops.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * The compatibility view of a rename, read by Spark: after the migration a query of the old column
 * name through the view answers the renamed column's values; after the downgrade the view is gone.
 */
class CompatibilityViewOnSparkTest {

  public static class V0001__CreateOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "orders",
          new Schema(
              Types.NestedField.required(1, "id", Types.LongType.get()),
              Types.NestedField.optional(2, "total", Types.DoubleType.get())));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  public static class V0002__RenameTotal extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceRename("orders", "total", "amount");
      ctx.createCompatibilityView("orders", "orders_v1", Map.of("total", "amount"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropViewIfExists("orders_v1");
      ctx.enforceRename("orders", "amount", "total");
    }
  }

  @Test
  void sparkReadsTheOldColumnNameThroughTheViewUntilTheDowngradeDropsIt() {
    String namespace =
        "spark_compat_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    MigrationRunner runner =
        MigrationRunner.builder(LocalSpark.environment().catalog())
            .namespace(namespace)
            .metaNamespace("_ops_" + namespace)
            .source(MigrationSource.of(V0001__CreateOrders.class, V0002__RenameTotal.class))
            .build();
    runner.migrate("0001");
    String orders = LocalSpark.CATALOG + "." + namespace + ".orders";
    LocalSpark.session().sql("INSERT INTO " + orders + " VALUES (1, 150.0), (2, 20.5)");

    runner.migrate();
    LocalSpark.session().sql("REFRESH TABLE " + orders); // the session's catalog caches tables

    assertThat(
            LocalSpark.session()
                .sql(
                    "SELECT id, total FROM "
                        + LocalSpark.CATALOG
                        + "."
                        + namespace
                        + ".orders_v1 ORDER BY id")
                .collectAsList())
        .extracting(Row::toString)
        .containsExactly("[1,150.0]", "[2,20.5]");
    runner.rollback(1);
    assertThat(
            ((ViewCatalog) LocalSpark.environment().catalog())
                .viewExists(TableIdentifier.of(namespace, "orders_v1")))
        .isFalse();
  }
}
