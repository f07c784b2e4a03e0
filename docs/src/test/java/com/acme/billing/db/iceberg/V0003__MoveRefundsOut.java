// tag::staged-split[]
package com.acme.billing.db.iceberg;

import com.acme.payments.db.ParquetRewrites;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.StagedBranch;
import dev.icebergops.migration.StagedData;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;

/** Refunds move out of payments into a table of their own. */
public class V0003__MoveRefundsOut extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    Table payments = ctx.loadTable("payments");
    Table refunds = ctx.createTableIfNotExists("refunds", payments.schema());
    List<Record> moving = ParquetRewrites.rows(payments).stream().filter(REFUND).toList();
    if (moving.isEmpty()) {
      return; // moved already, or none to move
    }
    // the new table has no reader yet: written directly, the rows it lacks in one append
    append(refunds, notIn(refunds, moving));
    // the table readers use: the refunds leave it in one published commit, once audited
    Set<Object> moved = ids(ParquetRewrites.rows(refunds));
    ctx.stageData(
        "payments",
        StagedData.write(branch -> rewrite(branch, REFUND.negate()))
            .audit(
                "only the rows now in refunds left payments",
                branch ->
                    branch.mainRows().size() - branch.rows().size() == moving.size()
                        && moved.containsAll(ids(moving))));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    if (!ctx.catalog().tableExists(TableIdentifier.parse(ctx.qualified("refunds")))) {
      return; // moved back already
    }
    Table payments = ctx.loadTable("payments");
    List<Record> back = notIn(payments, ParquetRewrites.rows(ctx.loadTable("refunds")));
    if (!back.isEmpty()) { // the refunds go back in one published commit too
      ctx.stageData(
          "payments",
          StagedData.write(branch -> append(branch.table(), back, branch.name()))
              .audit(
                  "every refund is back",
                  branch -> branch.rows().size() == branch.mainRows().size() + back.size()));
    }
    ctx.dropTableIfExists("refunds");
  }

  private static final Predicate<Record> REFUND = row -> "refund".equals(row.getField("kind"));

  /** Keeps only the rows that pass, in one overwrite on the branch. */
  private static void rewrite(StagedBranch branch, Predicate<Record> keep) {
    Table table = branch.table();
    List<Record> kept = ParquetRewrites.rows(table, branch.name()).stream().filter(keep).toList();
    OverwriteFiles overwrite = table.newOverwrite().toBranch(branch.name());
    ParquetRewrites.dataFiles(table, branch.name()).forEach(overwrite::deleteFile);
    ParquetRewrites.write(table, kept).forEach(overwrite::addFile);
    overwrite.commit();
  }

  private static void append(Table table, List<Record> rows) {
    append(table, rows, "main");
  }

  /** Appends the rows, each copied into the table's schema, to a branch of the table. */
  private static void append(Table table, List<Record> rows, String branch) {
    if (rows.isEmpty()) {
      return;
    }
    List<Record> copies =
        rows.stream()
            .map(
                row -> {
                  Record copy = GenericRecord.create(table.schema());
                  table
                      .schema()
                      .columns()
                      .forEach(c -> copy.setField(c.name(), row.getField(c.name())));
                  return copy;
                })
            .toList();
    AppendFiles append = table.newAppend().toBranch(branch);
    ParquetRewrites.write(table, copies).forEach(append::appendFile);
    append.commit();
  }

  private static List<Record> notIn(Table table, List<Record> rows) {
    Set<Object> there = ids(ParquetRewrites.rows(table));
    return rows.stream().filter(row -> !there.contains(row.getField("payment_id"))).toList();
  }

  private static Set<Object> ids(List<Record> rows) {
    return rows.stream().map(row -> row.getField("payment_id")).collect(Collectors.toSet());
  }
}
// end::staged-split[]
