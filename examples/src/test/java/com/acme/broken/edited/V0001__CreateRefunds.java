package com.acme.broken.edited;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The refunds table. */
public class V0001__CreateRefunds extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "refunds",
        new Schema(
            required(1, "refund_id", Types.LongType.get()),
            optional(2, "amount", Types.DecimalType.of(10, 2))));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("refunds");
  }
}
