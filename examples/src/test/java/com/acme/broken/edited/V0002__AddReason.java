package com.acme.broken.edited;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.schema.EnforceOptions;

/**
 * Broken: edited after it was applied (see {@code released.V0002__AddReason}); the tables that ran
 * the released body never get the doc. A change belongs in a new version.
 */
public class V0002__AddReason extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn(
        "refunds",
        "reason",
        "string",
        EnforceOptions.defaults().withDoc("Why the customer was refunded"));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("refunds", "reason");
  }
}
