package com.acme.broken.outoforder;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The returns table. */
public class V0001__CreateReturns extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "returns",
        new Schema(
            required(1, "return_id", Types.LongType.get()),
            optional(2, "order_id", Types.LongType.get())));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("returns");
  }
}
