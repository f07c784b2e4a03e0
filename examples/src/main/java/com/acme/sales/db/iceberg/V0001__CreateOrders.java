package com.acme.sales.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.TableOptions;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.types.Types;

/**
 * The orders table: partitioned by the day an order was placed, files sorted by time, every column
 * documented for the analysts who read it.
 */
public class V0001__CreateOrders extends BaseMigration {

  static final Schema ORDERS =
      new Schema(
          required(1, "order_id", Types.LongType.get(), "Order number"),
          required(2, "customer_id", Types.LongType.get(), "The customer who placed the order"),
          optional(3, "customer_email", Types.StringType.get(), "Contact e-mail (personal data)"),
          optional(4, "amount", Types.DecimalType.of(10, 2), "Gross amount in EUR"),
          optional(5, "quantity", Types.IntegerType.get(), "Number of items"),
          optional(6, "created_at", Types.TimestampType.withZone(), "When the order was placed"));

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "orders",
        ORDERS,
        TableOptions.defaults()
            .withPartitionSpec(PartitionSpec.builderFor(ORDERS).day("created_at").build())
            .withSortOrder(SortOrder.builderFor(ORDERS).asc("created_at").build())
            .withProperties(Map.of("write.parquet.compression-codec", "zstd")));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("orders");
  }
}
