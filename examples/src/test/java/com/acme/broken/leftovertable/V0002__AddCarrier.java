package com.acme.broken.leftovertable;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Shipments get the carrier that delivers them. */
public class V0002__AddCarrier extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("shipments", "carrier", "string");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("shipments", "carrier");
  }
}
