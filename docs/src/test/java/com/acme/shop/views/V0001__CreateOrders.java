package com.acme.shop.views;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** Orders, and a view of the large ones that dashboards read. */
public class V0001__CreateOrders extends BaseMigration {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()), optional(2, "total", Types.DoubleType.get()));

  // tag::create-view[]
  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists("orders", ORDERS);
    ctx.createViewIfNotExists(
        "large_orders", ORDERS, "spark", "SELECT id, total FROM orders WHERE total > 100");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropViewIfExists("large_orders");
    ctx.dropTableIfExists("orders");
  }
  // end::create-view[]
}
