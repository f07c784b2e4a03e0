package com.acme.broken.losesdata;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Broken: a rename done as drop and add; the new column is empty (enforceRename keeps values). */
public class V0002__RenameMethodToChannel extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    if (ctx.loadTable("payments").schema().findField("method") != null) {
      ctx.deleteColumn("payments", "method");
      ctx.addColumn("payments", "channel", "string");
    }
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    if (ctx.loadTable("payments").schema().findField("channel") != null) {
      ctx.deleteColumn("payments", "channel");
      ctx.addColumn("payments", "method", "string");
    }
  }
}
