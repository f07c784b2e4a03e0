package com.acme.shop.audit;

import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** Who changed what: kept as long as the team's settings say. */
// tag::injected-migration[]
public class V0001__CreateAuditLog extends BaseMigration {

  private final AuditSettings settings;

  public V0001__CreateAuditLog(AuditSettings settings) { // no no-arg constructor: needs a factory
    this.settings = settings;
  }

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "audit_log",
        new Schema(
            required(1, "event_id", Types.LongType.get()),
            required(2, "actor", Types.StringType.get()),
            required(3, "at", Types.TimestampType.withZone())));
    ctx.setSnapshotRetention("audit_log", settings.minSnapshots(), settings.maxAge());
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("audit_log");
  }
}
// end::injected-migration[]
