package com.acme.shop.defaults;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** An orders table of format version 2, the default. */
public class V0001__CreateOrders extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "orders",
        new Schema(
            Types.NestedField.required(1, "order_id", Types.LongType.get()),
            Types.NestedField.optional(2, "note", Types.StringType.get())));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("orders");
  }
}
