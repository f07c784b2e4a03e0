// tag::compaction-migration[]
package com.acme.payments.db.iceberg;

import com.acme.payments.db.ParquetRewrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;

/** Rewrites the payments into one Parquet file: the same rows, fewer files. */
public class V0003__CompactPayments extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    // one file or none already: nothing to compact, nothing committed
    ParquetRewrites.compact(ctx.loadTable("payments"));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    // the same rows before and after: nothing to undo
  }
}
// end::compaction-migration[]
