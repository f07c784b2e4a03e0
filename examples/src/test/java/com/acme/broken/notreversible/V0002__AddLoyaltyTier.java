package com.acme.broken.notreversible;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Broken: the downgrade drops the tier but forgets the date it was reached. */
public class V0002__AddLoyaltyTier extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("customers", "tier", "string");
    ctx.enforceColumn("customers", "tier_since", "date");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("customers", "tier");
  }
}
