// tag::partitioned-backfill[]
package com.acme.platform.db.iceberg.orders;

import com.acme.payments.db.ParquetRewrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;

/** Orders get a status; those placed before it are PLACED. */
public class V0002__AddOrderStatus extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("orders", "status", Types.StringType.get());
    Table orders = ctx.loadTable("orders");
    List<Record> rows = ParquetRewrites.rows(orders);
    if (rows.stream().allMatch(row -> row.getField("status") != null)) {
      return; // filled already: a second run commits nothing
    }
    List<Record> filled = new ArrayList<>();
    for (Record row : rows) {
      Record copy = row.copy();
      if (copy.getField("status") == null) {
        copy.setField("status", "PLACED");
      }
      filled.add(copy);
    }
    OverwriteFiles overwrite =
        orders
            .newOverwrite()
            .validateFromSnapshot(orders.currentSnapshot().snapshotId())
            .conflictDetectionFilter(Expressions.alwaysTrue())
            .validateNoConflictingData();
    ParquetRewrites.dataFiles(orders).forEach(overwrite::deleteFile);
    // one new file per day: each with its partition's values
    ParquetRewrites.write(orders, filled).forEach(overwrite::addFile);
    overwrite.commit();
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("orders", "status");
  }
}
// end::partitioned-backfill[]
