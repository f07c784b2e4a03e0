package com.acme.broken.notidempotent;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Broken: addColumn fails when the column is already there (enforceColumn would not). */
public class V0002__AddDueDate extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.addColumn("invoices", "due_on", "date");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("invoices", "due_on");
  }
}
