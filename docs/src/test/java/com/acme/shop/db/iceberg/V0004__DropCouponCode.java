package com.acme.shop.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;

/** Coupons moved to their own system; orders no longer carry the code. */
// tag::drop-coupon-code[]
public class V0004__DropCouponCode extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    if (ctx.loadTable("orders").schema().findField("coupon_code") != null) {
      ctx.deleteColumn("orders", "coupon_code"); // metadata only: the files keep the values
    }
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    // the newest schema that still had the column: it comes back with its field ID and values
    Table orders = ctx.loadTable("orders");
    int before =
        orders.schemas().values().stream()
            .filter(schema -> schema.findField("coupon_code") != null)
            .mapToInt(Schema::schemaId)
            .max()
            .orElseThrow();
    ctx.restoreSchema("orders", before);
  }
}
// end::drop-coupon-code[]
