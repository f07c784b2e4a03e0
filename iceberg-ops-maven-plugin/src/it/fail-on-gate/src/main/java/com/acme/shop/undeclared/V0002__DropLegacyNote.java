package com.acme.shop.undeclared;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Drops the note, without declaring it. */
public class V0002__DropLegacyNote extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.deleteColumn("orders", "legacy_note");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.restoreSchemaBeforeUpgrade("orders");
  }
}
