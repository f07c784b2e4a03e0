package com.acme.sales.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.PartitionFieldSpec;
import java.util.List;

/**
 * Reports are per region: add region to the partition spec. Partition spec evolution is metadata
 * only; files written before keep their old layout and are still read.
 */
public class V0009__PartitionOrdersByRegion extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    boolean partitioned =
        ctx.loadTable("orders").spec().fields().stream().anyMatch(f -> f.name().equals("region"));
    if (!partitioned) { // idempotent: Iceberg refuses a partition field twice
      ctx.updatePartitionSpec("orders", List.of(PartitionFieldSpec.identity("region")), null);
    }
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.updatePartitionSpec("orders", null, List.of("region"));
  }
}
