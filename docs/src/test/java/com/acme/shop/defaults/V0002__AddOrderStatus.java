package com.acme.shop.defaults;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;

/** Every order gets a status, the orders already written included: no data is rewritten. */
// tag::add-required-status[]
public class V0002__AddOrderStatus extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.upgradeFormatVersion("orders", 3); // defaults need format version 3; it never goes back
    if (ctx.loadTable("orders").schema().findField("status") == null) {
      ctx.addRequiredColumn(
          "orders",
          "status",
          Types.StringType.get(),
          "Order status",
          Expressions.lit("legacy"), // initial default: what the rows written before read
          Expressions.lit("new")); // write default: what a writer that leaves it out writes
    }
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    // the runner refuses this rollback before it runs: the upgrade raised the format version
    throw new IrreversibleMigrationException("orders cannot go back to format version 2");
  }
}
// end::add-required-status[]
