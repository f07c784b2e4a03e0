package com.acme.shop.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.Destructive;
import dev.icebergops.migration.MigrationContext;

/** Coupons moved to their own system; orders no longer carry the code. */
// tag::drop-coupon-code[]
@Destructive("coupons moved to their own system, which holds every code")
public class V0004__DropCouponCode extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    if (ctx.loadTable("orders").schema().findField("coupon_code") != null) {
      ctx.deleteColumn("orders", "coupon_code"); // metadata only: the files keep the values
    }
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    // the schema from before this upgrade: the column comes back with its field ID and values
    ctx.restoreSchemaBeforeUpgrade("orders");
  }
}
// end::drop-coupon-code[]
