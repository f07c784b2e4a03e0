package com.acme.shop.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.types.Types;

/** Wholesale orders overflow an int: quantity becomes a long. */
// tag::widen-quantity[]
public class V0003__WidenQuantity extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("orders", "quantity", Types.LongType.get()); // int -> long, in place
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    throw new IrreversibleMigrationException(
        "Iceberg cannot narrow quantity back to int: files written since hold longs");
  }
}
// end::widen-quantity[]
