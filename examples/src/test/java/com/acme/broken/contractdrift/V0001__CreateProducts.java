package com.acme.broken.contractdrift;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The products table. */
public class V0001__CreateProducts extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "products",
        new Schema(
            required(1, "sku", Types.StringType.get()),
            optional(2, "title", Types.StringType.get())));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("products");
  }
}
