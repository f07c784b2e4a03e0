package com.acme.shop.failing;

import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** Returned orders. */
public class V0001__CreateReturns extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "returns", new Schema(required(1, "order_id", Types.LongType.get())));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("returns");
  }
}
