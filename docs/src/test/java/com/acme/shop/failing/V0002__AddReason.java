package com.acme.shop.failing;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Fails after its first step, as an upgrade that meets a problem half-way would. */
public class V0002__AddReason extends BaseMigration {

  // tag::failing-upgrade[]
  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("returns", "reason", "string");
    ctx.enforceColumn("returns", "reason_code", "int");
    throw new IllegalStateException("the reason codes are not loaded yet");
  }

  // end::failing-upgrade[]

  // tag::tolerant-downgrade[]
  @Override
  public void downgrade(MigrationContext ctx) {
    for (String column : new String[] {"reason_code", "reason"}) {
      if (ctx.loadTable("returns").schema().findField(column) != null) {
        ctx.deleteColumn("returns", column); // tolerates a half-applied upgrade
      }
    }
  }
  // end::tolerant-downgrade[]
}
