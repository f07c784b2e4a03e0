package com.acme.broken.contractdrift;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Broken: the contract promises a decimal price; this adds a double. */
public class V0002__AddPrice extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("products", "price", "double");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("products", "price");
  }
}
