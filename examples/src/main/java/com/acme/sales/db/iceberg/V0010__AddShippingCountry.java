package com.acme.sales.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.schema.EnforceOptions;
import org.apache.iceberg.types.Types;

/** The shop ships abroad: the shipping address gets a country, a field of the nested struct. */
public class V0010__AddShippingCountry extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn(
        "orders",
        "shipping.country",
        Types.StringType.get(),
        EnforceOptions.defaults().withDoc("ISO 3166-1 alpha-2 country code"));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("orders", "shipping.country");
  }
}
