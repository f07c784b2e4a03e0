package com.acme.broken.edited.released;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** 0002 as it was released and applied: a free-text reason. */
public class V0002__AddReason extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("refunds", "reason", "string");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("refunds", "reason");
  }
}
