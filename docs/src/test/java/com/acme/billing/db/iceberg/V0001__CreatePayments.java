package com.acme.billing.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** Billing's payments: charges and refunds in one table, the amount in EUR. */
public class V0001__CreatePayments extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "payments",
        new Schema(
            required(1, "payment_id", Types.LongType.get()),
            required(2, "amount", Types.DecimalType.of(12, 2)),
            optional(3, "kind", Types.StringType.get(), "charge or refund")));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("payments");
  }
}
