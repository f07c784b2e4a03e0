package com.acme.broken.outoforder;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/**
 * Broken: written on a long-lived branch and merged after 0003 was already applied; its version is
 * now below the applied head.
 */
public class V0002__AddCondition extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("returns", "item_condition", "string");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("returns", "item_condition");
  }
}
