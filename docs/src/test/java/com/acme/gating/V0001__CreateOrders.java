package com.acme.gating;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The orders table whose legacy note {@link V0008__DropLegacyNote} drops. */
public class V0001__CreateOrders extends BaseMigration {

  static final Schema ORDERS =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "legacy_note", Types.StringType.get()));

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists("orders", ORDERS);
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("orders");
  }
}
