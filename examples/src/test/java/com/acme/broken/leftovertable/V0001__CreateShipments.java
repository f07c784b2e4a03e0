package com.acme.broken.leftovertable;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** Broken: creates two tables, but the downgrade drops only the first. */
public class V0001__CreateShipments extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "shipments",
        new Schema(
            required(1, "shipment_id", Types.LongType.get()),
            optional(2, "order_id", Types.LongType.get())));
    ctx.createTableIfNotExists(
        "shipment_events",
        new Schema(
            required(1, "shipment_id", Types.LongType.get()),
            optional(2, "status", Types.StringType.get()),
            optional(3, "at", Types.TimestampType.withZone())));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("shipments");
  }
}
