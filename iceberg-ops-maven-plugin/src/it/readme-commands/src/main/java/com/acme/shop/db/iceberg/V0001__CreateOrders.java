package com.acme.shop.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.TableOptions;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The orders table, partitioned by the day an order was placed. */
public class V0001__CreateOrders extends BaseMigration {

  static final Schema ORDERS =
      new Schema(
          required(1, "order_id", Types.LongType.get(), "Order number"),
          optional(2, "amount", Types.DecimalType.of(10, 2), "Gross amount in EUR"),
          optional(3, "created_at", Types.TimestampType.withZone()));

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "orders",
        ORDERS,
        TableOptions.defaults()
            .withPartitionSpec(PartitionSpec.builderFor(ORDERS).day("created_at").build()));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("orders");
  }
}
