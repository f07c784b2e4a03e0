package com.acme.broken.losesdata;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The payments table. */
public class V0001__CreatePayments extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "payments",
        new Schema(
            required(1, "payment_id", Types.LongType.get()),
            optional(2, "amount", Types.DecimalType.of(10, 2)),
            optional(3, "method", Types.StringType.get())));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("payments");
  }
}
