// tag::compaction-migration[]
package com.acme.payments.db.iceberg;

import com.acme.payments.db.ParquetRewrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.Table;

/** Rewrites the payments into one Parquet file: the same rows, fewer files. */
public class V0003__CompactPayments extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    Table payments = ctx.loadTable("payments");
    List<DataFile> files = ParquetRewrites.dataFiles(payments);
    if (files.size() < 2) {
      return; // one file or none: nothing to compact, nothing committed
    }
    RewriteFiles rewrite =
        payments.newRewrite().validateFromSnapshot(payments.currentSnapshot().snapshotId());
    files.forEach(rewrite::deleteFile);
    rewrite.addFile(ParquetRewrites.write(payments, ParquetRewrites.rows(payments))).commit();
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    // the same rows before and after: nothing to undo
  }
}
// end::compaction-migration[]
