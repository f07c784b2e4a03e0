package com.acme.sales.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.Destructive;
import dev.icebergops.migration.MigrationContext;

/**
 * Data minimisation: the CRM owns customers' e-mail addresses, so orders stop keeping a copy. The
 * drop loses data on purpose (declared with {@code @Destructive} here, for the preview's gate and
 * the standard checks, the data check among them); current readers no longer see the column, while
 * snapshots still hold it for time travel until they expire.
 *
 * <p>The downgrade makes the schema before the drop current again ({@code
 * restoreSchemaBeforeUpgrade}): the column returns with its field id, so the rows written before
 * the drop read their e-mail again. Re-adding it with {@code addColumn} would instead create a new,
 * empty column.
 */
@Destructive("the CRM owns customers' e-mail addresses; orders stop keeping a copy")
public class V0011__DropCustomerEmail extends BaseMigration {

  static final String EMAIL = "customer_email";

  @Override
  public void upgrade(MigrationContext ctx) {
    if (ctx.loadTable("orders").schema().findField(EMAIL) != null) {
      ctx.deleteColumn("orders", EMAIL);
    }
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.restoreSchemaBeforeUpgrade("orders");
  }
}
