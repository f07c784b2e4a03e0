package com.acme.broken.notidempotent;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Broken: every run writes a new run id, so running it again changes the table. */
public class V0003__StampMigrationRun extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.setTableProperties("invoices", Map.of("migration-run", UUID.randomUUID().toString()));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.unsetTableProperties("invoices", List.of("migration-run"));
  }
}
