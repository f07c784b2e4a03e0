// tag::partitioned-compaction[]
package com.acme.platform.db.iceberg.orders;

import com.acme.payments.db.ParquetRewrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Rewrites each day of orders held in several files into one; a day in one file is left as is. */
public class V0003__CompactOrders extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ParquetRewrites.compact(ctx.loadTable("orders"));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    // the same rows before and after: nothing to undo
  }
}
// end::partitioned-compaction[]
