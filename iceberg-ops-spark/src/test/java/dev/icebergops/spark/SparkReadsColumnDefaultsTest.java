package dev.icebergops.spark;

import static org.apache.iceberg.expressions.Expressions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.TableOptions;
import dev.icebergops.runner.MigrationRunner;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * A required column added with a default to a table of format version 3, read by Spark: the rows
 * Spark wrote before the column was added read its initial default, from the Parquet files as they
 * were written.
 */
class SparkReadsColumnDefaultsTest {

  @Test
  void rowsWrittenBeforeARequiredColumnWithADefaultReadItsInitialDefaultInSpark() {
    String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String namespace = "spark_defaults_" + id;
    String orders = LocalSpark.CATALOG + "." + namespace + ".orders";
    runner(namespace, id, V0001__CreateOrders.class).migrate();
    LocalSpark.session().sql("INSERT INTO " + orders + " VALUES (1, 'a'), (2, 'b')");

    runner(namespace, id, V0001__CreateOrders.class, V0002__AddStatus.class).migrate();
    LocalSpark.session().sql("REFRESH TABLE " + orders); // the session cached it before 0002

    assertThat(
            LocalSpark.session()
                .sql("SELECT id, status FROM " + orders + " ORDER BY id")
                .collectAsList())
        .extracting(row -> row.getLong(0), (Row row) -> row.getString(1))
        .containsExactly(tuple(1L, "legacy"), tuple(2L, "legacy"));
  }

  @SafeVarargs
  private static MigrationRunner runner(
      String namespace, String id, Class<? extends BaseMigration>... migrations) {
    return MigrationRunner.builder(LocalSpark.environment().catalog())
        .namespace(namespace)
        .metaNamespace("_ops_" + id)
        .source(MigrationSource.of(migrations))
        .build();
  }

  public static class V0001__CreateOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "orders",
          new Schema(
              Types.NestedField.required(1, "id", Types.LongType.get()),
              Types.NestedField.optional(2, "note", Types.StringType.get())),
          TableOptions.defaults().withProperties(Map.of("format-version", "3")));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  public static class V0002__AddStatus extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addRequiredColumn(
          "orders", "status", Types.StringType.get(), null, lit("legacy"), lit("new"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "status");
    }
  }
}
