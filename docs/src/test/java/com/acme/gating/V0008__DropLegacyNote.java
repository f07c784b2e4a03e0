package com.acme.gating;

// tag::declare-destructive[]
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.Destructive;
import dev.icebergops.migration.MigrationContext;

@Destructive("drops orders.legacy_note after the 2026-Q4 export")
public class V0008__DropLegacyNote extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    if (ctx.loadTable("orders").schema().findField("legacy_note") != null) {
      ctx.deleteColumn("orders", "legacy_note");
    }
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.restoreSchemaBeforeUpgrade("orders"); // the column is back; rows written since read null
  }
}
// end::declare-destructive[]
