package com.acme.shop.gate;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** Customers, with the country they live in when known. */
public class V0001__CreateCustomers extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "customers",
        new Schema(
            required(1, "customer_id", Types.LongType.get()),
            optional(2, "country", Types.StringType.get(), "ISO 3166 alpha-2")));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("customers");
  }
}
