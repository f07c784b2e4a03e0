package com.acme.shop.views;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** total becomes amount; readers of the old name get a view that still answers it. */
// tag::rename-with-views[]
public class V0002__RenameTotal extends BaseMigration {

  static final Schema LARGE_ORDERS =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "amount", Types.DoubleType.get()));

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceRename("orders", "total", "amount");
    ctx.replaceView(
        "large_orders", LARGE_ORDERS, "spark", "SELECT id, amount FROM orders WHERE amount > 100");
    ctx.createCompatibilityView("orders", "orders_v1", Map.of("total", "amount"));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropViewIfExists("orders_v1");
    ctx.restoreViewBeforeUpgrade("large_orders");
    ctx.enforceRename("orders", "amount", "total");
  }
}
// end::rename-with-views[]
