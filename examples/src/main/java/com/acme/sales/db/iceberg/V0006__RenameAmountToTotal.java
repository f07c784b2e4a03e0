package com.acme.sales.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** "amount" was ambiguous: it is the order's gross total. */
public class V0006__RenameAmountToTotal extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceRename("orders", "amount", "total", "Gross total in EUR");
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.enforceRename("orders", "total", "amount", "Gross amount in EUR");
  }
}
