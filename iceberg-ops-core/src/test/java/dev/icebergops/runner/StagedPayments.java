package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.StagedBranch;
import dev.icebergops.migration.StagedData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.types.Types;

/**
 * A payments table (id, amount_eur) whose version 0002 adds amount_cents and backfills it in a
 * staged data step, the step each test gives for its namespace; and the Parquet rows the tests
 * write and read.
 */
final class StagedPayments {

  static final Schema PAYMENTS =
      new Schema(
          required(1, "id", Types.LongType.get()), optional(2, "amount_eur", Types.LongType.get()));

  /** The staged step of 0002, per namespace. */
  static final Map<String, Function<MigrationContext, StagedData>> STEPS =
      new ConcurrentHashMap<>();

  private StagedPayments() {}

  public static class V0001__CreatePayments extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists("payments", PAYMENTS);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("payments");
    }
  }

  public static class V0002__BackfillCents extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("payments", "amount_cents", "long");
      ctx.stageData("payments", STEPS.get(ctx.namespace()).apply(ctx));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("payments", "amount_cents");
    }
  }

  /** The backfill: every row of main at staging, written again with amount_cents filled. */
  static void backfill(StagedBranch branch) {
    backfill(branch, 100);
  }

  /** A backfill that fills amount_cents with amount_eur times {@code factor}. */
  static void backfill(StagedBranch branch, long factor) {
    backfill(branch.table(), branch.name(), branch.mainRows(), factor);
  }

  /** The backfill of main's rows now, committed to a branch by hand, as an earlier run left it. */
  static void backfillByHand(Table table, String branch) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> all = IcebergGenerics.read(table).build()) {
      all.forEach(row -> rows.add(row.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    backfill(table, branch, rows, 100);
  }

  private static void backfill(Table table, String branch, List<Record> mainRows, long factor) {
    List<Record> rows = new ArrayList<>();
    for (Record row : mainRows) {
      Record filled = GenericRecord.create(table.schema());
      filled.setField("id", row.getField("id"));
      filled.setField("amount_eur", row.getField("amount_eur"));
      Long eur = (Long) row.getField("amount_eur");
      filled.setField("amount_cents", eur == null ? null : eur * factor);
      rows.add(filled);
    }
    table
        .newOverwrite()
        .overwriteByRowFilter(Expressions.alwaysTrue())
        .addFile(write(table, rows))
        .toBranch(branch)
        .commit();
  }

  /** Appends rows (id, amount_eur) to main. */
  static void append(Table table, long... idsAndEuros) {
    List<Record> rows = new ArrayList<>();
    for (int i = 0; i < idsAndEuros.length; i += 2) {
      Record row = GenericRecord.create(table.schema());
      row.setField("id", idsAndEuros[i]);
      row.setField("amount_eur", idsAndEuros[i + 1]);
      rows.add(row);
    }
    table.newAppend().appendFile(write(table, rows)).commit();
  }

  /** One Parquet data file of an unpartitioned table holding the rows. */
  static DataFile write(Table table, List<Record> rows) {
    DataWriter<Record> writer =
        new GenericFileWriterFactory.Builder(table)
            .dataFileFormat(FileFormat.PARQUET)
            .build()
            .newDataWriter(
                OutputFileFactory.builderFor(table, 1, System.nanoTime())
                    .format(FileFormat.PARQUET)
                    .build()
                    .newOutputFile(),
                table.spec(),
                null);
    try (writer) {
      rows.forEach(writer::write);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return writer.toDataFile();
  }

  /** The rows of main now, as {@code id -> amount_cents} (a missing column reads as null). */
  static Map<Long, String> cents(Table table) {
    table.refresh();
    return cents(table, table.currentSnapshot().snapshotId());
  }

  /** The rows of a snapshot, as {@code id -> amount_cents}. */
  static Map<Long, String> cents(Table table, long snapshotId) {
    Map<Long, String> cents = new java.util.TreeMap<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(table).useSnapshot(snapshotId).build()) {
      rows.forEach(
          row ->
              cents.put(
                  (Long) row.getField("id"),
                  String.valueOf(
                      table.schema().findField("amount_cents") == null
                          ? null
                          : row.getField("amount_cents"))));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return cents;
  }
}
