package dev.icebergops.migration.internal;

import dev.icebergops.migration.StagedBranch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * A staged branch as its write and its audits see it. The audits' view ({@link #audited}) reads the
 * branch and main once and keeps the rows, for every audit to read.
 */
final class BranchView implements StagedBranch {

  private final String name;
  private final Table table;
  private final long stagedFrom;
  private final boolean keepsRows;
  private List<Record> rows;
  private List<Record> mainRows;

  /**
   * @param keepsRows whether the rows are read once and kept (the audits' view), or read again at
   *     each call (the write's view)
   */
  BranchView(String name, Table table, long stagedFrom, boolean keepsRows) {
    this.name = name;
    this.table = table;
    this.stagedFrom = stagedFrom;
    this.keepsRows = keepsRows;
  }

  /** The same branch, its rows read once: the write is done. */
  BranchView audited() {
    return new BranchView(name, table, stagedFrom, true);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Table table() {
    return table;
  }

  @Override
  public long stagedFrom() {
    return stagedFrom;
  }

  @Override
  public List<Record> rows() {
    if (rows == null || !keepsRows) {
      table.refresh();
      rows = read(table.refs().get(name).snapshotId());
    }
    return rows;
  }

  @Override
  public List<Record> mainRows() {
    if (mainRows == null) {
      mainRows = read(stagedFrom);
    }
    return mainRows;
  }

  /**
   * A snapshot's rows in the table's current schema: a snapshot taken before this version widened
   * the table reads the new columns as null, so that the write can fill them.
   */
  private List<Record> read(long snapshotId) {
    List<Record> records = new ArrayList<>();
    try (CloseableIterable<Record> all =
        IcebergGenerics.read(table).useSnapshot(snapshotId).project(table.schema()).build()) {
      all.forEach(row -> records.add(row.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(records);
  }

  @Override
  public String toString() {
    return "branch " + name + " of " + table.name() + " (staged from snapshot " + stagedFrom + ")";
  }
}
