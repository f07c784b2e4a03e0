package com.acme.shop.undeclared;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The orders table, with a free-text note. */
public class V0001__CreateOrders extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "orders",
        new Schema(
            required(1, "order_id", Types.LongType.get()),
            optional(2, "legacy_note", Types.StringType.get())));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("orders");
  }
}
