package com.acme.sales.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.schema.EnforceOptions;
import org.apache.iceberg.types.Types;

/** Orders get the address they were shipped to, as one nested struct. */
public class V0008__AddShippingAddress extends BaseMigration {

  static final Types.StructType ADDRESS =
      Types.StructType.of(
          optional(1, "street", Types.StringType.get(), "Street and house number"),
          optional(2, "city", Types.StringType.get()),
          optional(3, "postcode", Types.StringType.get()));

  @Override
  public void upgrade(MigrationContext ctx) {
    // the struct's field ids are placeholders: Iceberg assigns fresh ones when it adds the column
    ctx.enforceColumn(
        "orders", "shipping", ADDRESS, EnforceOptions.defaults().withDoc("Shipping address"));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("orders", "shipping");
  }
}
