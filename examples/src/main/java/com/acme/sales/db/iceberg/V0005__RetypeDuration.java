package com.acme.sales.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.schema.EnforceOptions;
import org.apache.iceberg.types.Types;

/**
 * Durations become ISO-8601 text ("PT42S"). int to string is no Iceberg promotion, so the old
 * column is archived as duration__legacy_1 with its values, and a fresh string column takes the
 * name.
 */
public class V0005__RetypeDuration extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn(
        "events",
        "duration",
        Types.StringType.get(),
        EnforceOptions.legacyArchival().withDoc("ISO-8601 duration"));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    throw new IrreversibleMigrationException(
        "duration__legacy_1 holds the old values; rename it back to duration by hand");
  }
}
