package com.acme.sales.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * The sales orders, applied in production long ago: its downgrade is forbidden, and the standard
 * checks, which start from the production snapshot at 0002, never run it.
 */
public class V0001__CreateOrders extends BaseMigration {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "amount", Types.DoubleType.get()),
          optional(3, "ts", Types.TimestampType.withZone()));

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists("orders", ORDERS);
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    throw new IrreversibleMigrationException("orders holds production's orders");
  }
}
