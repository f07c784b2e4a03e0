// tag::backfill-migration[]
package com.acme.payments.db.iceberg;

import com.acme.payments.db.ParquetRewrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.schema.EnforceOptions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;

/** Payments get their amount in cents, filled in for the rows written before. */
public class V0002__AddAmountInCents extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn( // adds the column, or does nothing when it is there
        "payments",
        "amount_cents",
        Types.LongType.get(),
        EnforceOptions.defaults().withDoc("Amount in euro cents"));
    Table payments = ctx.loadTable("payments");
    List<Record> rows = ParquetRewrites.rows(payments);
    if (rows.stream().allMatch(row -> row.getField("amount_cents") != null)) {
      return; // filled already: a second run commits nothing
    }
    List<Record> filled = new ArrayList<>();
    for (Record row : rows) {
      Record copy = row.copy();
      if (copy.getField("amount_cents") == null) {
        BigDecimal amount = (BigDecimal) row.getField("amount");
        copy.setField("amount_cents", amount.movePointRight(2).longValueExact());
      }
      filled.add(copy);
    }
    OverwriteFiles overwrite =
        payments
            .newOverwrite()
            // a payment appended meanwhile fails the commit instead of being overwritten
            .validateFromSnapshot(payments.currentSnapshot().snapshotId())
            .conflictDetectionFilter(Expressions.alwaysTrue())
            .validateNoConflictingData();
    ParquetRewrites.dataFiles(payments).forEach(overwrite::deleteFile);
    ParquetRewrites.write(payments, filled).forEach(overwrite::addFile);
    overwrite.commit();
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("payments", "amount_cents");
  }
}
// end::backfill-migration[]
