package com.acme.sales.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import java.time.Duration;
import java.util.List;

/** Orders are read per customer: sort files by customer, keep a week of snapshots. */
public class V0006__ClusterOrdersByCustomer extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.setClusteringKeys("orders", List.of("customer_id"));
    ctx.setSnapshotRetention("orders", 5, Duration.ofDays(7));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.replaceSortOrder("orders", List.of());
    ctx.unsetTableProperties(
        "orders",
        List.of("history.expire.min-snapshots-to-keep", "history.expire.max-snapshot-age-ms"));
  }
}
