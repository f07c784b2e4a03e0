package com.acme.shop.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.schema.EnforceOptions;
import org.apache.iceberg.types.Types;

/** Orders get the sales region they were booked in. */
public class V0002__AddRegionToOrders extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn(
        "orders",
        "region",
        Types.StringType.get(),
        EnforceOptions.defaults().withDoc("Sales region, e.g. EMEA"));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("orders", "region");
  }
}
