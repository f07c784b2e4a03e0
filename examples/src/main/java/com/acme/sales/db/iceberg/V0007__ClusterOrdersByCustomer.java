package com.acme.sales.db.iceberg;

import com.acme.sales.config.RetentionSettings;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.SortColumn;
import java.util.List;
import java.util.Map;

/**
 * Orders are read per customer: cluster the files by customer (a sort order, and range distribution
 * so that writers honour it), and keep snapshots for time travel as long as the team's {@link
 * RetentionSettings} say; a {@code MigrationFactory} injects them, and the no-arg constructor uses
 * their defaults.
 */
public class V0007__ClusterOrdersByCustomer extends BaseMigration {

  static final String DISTRIBUTION_MODE = "write.distribution-mode";

  private final RetentionSettings retention;

  /** With the default retention: five snapshots, one week. */
  public V0007__ClusterOrdersByCustomer() {
    this(RetentionSettings.DEFAULTS);
  }

  /**
   * With the team's retention.
   *
   * @param retention how long orders keep their snapshots
   */
  public V0007__ClusterOrdersByCustomer(RetentionSettings retention) {
    this.retention = retention;
  }

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.setClusteringKeys("orders", List.of("customer_id", "created_at"));
    ctx.setTableProperties("orders", Map.of(DISTRIBUTION_MODE, "range"));
    ctx.setSnapshotRetention("orders", retention.minSnapshots(), retention.maxSnapshotAge());
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.replaceSortOrder("orders", List.of(SortColumn.asc("created_at"))); // as 0001 created it
    ctx.unsetTableProperties(
        "orders",
        List.of(
            DISTRIBUTION_MODE,
            "history.expire.min-snapshots-to-keep",
            "history.expire.max-snapshot-age-ms"));
  }
}
