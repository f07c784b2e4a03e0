package com.acme.platform.db.iceberg.orders;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.TableOptions;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The orders namespace: orders, partitioned by the day they were placed, and their lines. */
public class V0001__CreateOrders extends BaseMigration {

  static final Schema ORDERS =
      new Schema(
          required(1, "order_id", Types.LongType.get()),
          required(2, "customer_id", Types.LongType.get()), // customers.customers
          optional(3, "amount", Types.DecimalType.of(12, 2)),
          required(4, "created_at", Types.TimestampType.withZone()));

  static final Schema ORDER_ITEMS =
      new Schema(
          required(1, "order_id", Types.LongType.get()),
          required(2, "sku", Types.StringType.get()),
          optional(3, "quantity", Types.IntegerType.get()));

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists( // bare names: the runner's namespace qualifies them
        "orders",
        ORDERS,
        TableOptions.defaults()
            .withPartitionSpec(PartitionSpec.builderFor(ORDERS).day("created_at").build()));
    ctx.createTableIfNotExists("order_items", ORDER_ITEMS);
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("order_items");
    ctx.dropTableIfExists("orders");
  }
}
