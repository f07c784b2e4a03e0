package com.acme.payments.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The payments ledger: one row per payment, the amount in EUR. */
public class V0001__CreatePayments extends BaseMigration {

  static final Schema PAYMENTS =
      new Schema(
          required(1, "payment_id", Types.LongType.get()),
          required(2, "amount", Types.DecimalType.of(12, 2), "Amount in EUR"),
          optional(3, "reference", Types.StringType.get()));

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists("payments", PAYMENTS);
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("payments");
  }
}
