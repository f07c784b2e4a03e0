package com.acme.broken.outoforder;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Returns get the time the warehouse received them; applied before 0002 was merged. */
public class V0003__AddReceivedAt extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("returns", "received_at", "timestamptz");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("returns", "received_at");
  }
}
