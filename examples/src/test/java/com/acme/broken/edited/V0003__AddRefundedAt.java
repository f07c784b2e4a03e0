package com.acme.broken.edited;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** A new version, written after 0002 was applied. */
public class V0003__AddRefundedAt extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("refunds", "refunded_at", "timestamptz");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("refunds", "refunded_at");
  }
}
