// tag::staged-backfill[]
package com.acme.billing.db.iceberg;

import com.acme.payments.db.ParquetRewrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.StagedBranch;
import dev.icebergops.migration.StagedData;
import java.math.BigDecimal;
import java.util.List;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/** Payments get their amount in cents, filled on a branch and published once audited. */
public class V0002__AddAmountInCents extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    // widen: a new optional column, which readers of main do not see filled yet
    ctx.enforceColumn("payments", "amount_cents", Types.LongType.get());
    List<Record> rows = ParquetRewrites.rows(ctx.loadTable("payments"));
    if (rows.stream().allMatch(row -> row.getField("amount_cents") != null)) {
      return; // filled already, or no rows: nothing to stage
    }
    // stage, audit, publish: the write goes to a branch, main moves only if every audit passes
    ctx.stageData(
        "payments",
        StagedData.write(V0002__AddAmountInCents::fill)
            .auditRowCountKept()
            .auditNoNulls("amount_cents")
            .auditSumKept("amount")
            .audit(
                "amount_cents is amount x 100",
                branch -> branch.rows().stream().allMatch(V0002__AddAmountInCents::inCents)));
  }

  /** Writes every row again with its cents, in one overwrite on the branch. */
  private static void fill(StagedBranch branch) {
    Table payments = branch.table();
    List<Record> filled = ParquetRewrites.rows(payments, branch.name()); // in the widened schema
    filled.forEach(row -> row.setField("amount_cents", cents(row)));
    OverwriteFiles overwrite = payments.newOverwrite().toBranch(branch.name());
    ParquetRewrites.dataFiles(payments, branch.name()).forEach(overwrite::deleteFile);
    ParquetRewrites.write(payments, filled).forEach(overwrite::addFile);
    overwrite.commit();
  }

  private static boolean inCents(Record row) {
    return cents(row) == (Long) row.getField("amount_cents");
  }

  private static long cents(Record row) {
    return ((BigDecimal) row.getField("amount")).movePointRight(2).longValueExact();
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.deleteColumn("payments", "amount_cents");
  }
}
// end::staged-backfill[]
