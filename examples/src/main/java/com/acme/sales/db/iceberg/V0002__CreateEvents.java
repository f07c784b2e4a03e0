package com.acme.sales.db.iceberg;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** Click-stream events, with a duration in whole seconds: unpartitioned, the short form. */
public class V0002__CreateEvents extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "events",
        new Schema(
            required(1, "id", Types.LongType.get(), "Event id"),
            optional(2, "duration", Types.IntegerType.get(), "Seconds"),
            optional(3, "ts", Types.TimestampType.withZone(), "When the event happened")));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("events");
  }
}
