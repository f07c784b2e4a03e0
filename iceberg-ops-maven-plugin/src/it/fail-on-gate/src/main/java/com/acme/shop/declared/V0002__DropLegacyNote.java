package com.acme.shop.declared;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.Destructive;
import dev.icebergops.migration.MigrationContext;

/** Drops the note, declared. */
@Destructive("drops orders.legacy_note after the 2026-Q4 export")
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
