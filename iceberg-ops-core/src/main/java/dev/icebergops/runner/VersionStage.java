package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.internal.RebaseLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.TableCommit;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;

/**
 * One version's table commits on a catalog that takes multi-table commits, held back so that they
 * land with the version's history row, and the lease's proof, in one commit: the version is applied
 * and recorded together, or neither. Reads of a table see its held-back changes. The first change
 * that cannot be held back (a table created, dropped or renamed, a namespace changed) releases the
 * stage: what it holds goes out with the running row naming the steps done, and the rest of the
 * version commits one change at a time, as on other catalogs. Not locked: the history write that
 * carries the held commits runs on the runner's remote-call thread while its caller waits.
 */
final class VersionStage implements HeldCommits, RebaseLimit.Carrier {

  /** A table's held-back commits: the metadata they start from and the one they lead to. */
  private record Held(TableOperations ops, TableMetadata base, TableMetadata current) {}

  private final Map<TableIdentifier, Held> held = new ConcurrentHashMap<>();
  private final LeaseFence fence;
  private final HistoryLog journal;
  private final Supplier<HistoryRecord> running;
  private volatile boolean holding = true;

  /**
   * @param running the version's running row naming the steps done so far, written when the stage
   *     is released with changes held
   */
  VersionStage(LeaseFence fence, HistoryLog journal, Supplier<HistoryRecord> running) {
    this.fence = fence;
    this.journal = journal;
    this.running = running;
  }

  @Override
  public boolean hold(
      TableIdentifier table, TableOperations ops, TableMetadata base, TableMetadata next) {
    if (!holding) {
      return false;
    }
    Held before = held.get(table);
    if (before != null && base != before.current()) {
      throw new CommitFailedException("Cannot commit to %s: its staged metadata changed", table);
    }
    held.put(table, new Held(ops, before == null ? base : before.base(), next));
    return true;
  }

  @Override
  public TableMetadata current(TableIdentifier table) {
    Held changes = held.get(table);
    return changes == null ? null : changes.current();
  }

  /** Whether it still holds commits back, with no change yet that it could not hold. */
  boolean isHolding() {
    return holding;
  }

  /** What it holds is committed with the running row naming the steps done. */
  @Override
  public void release() {
    if (holding) {
      holding = false;
      if (!held.isEmpty()) {
        write(List.of(running.get()), false);
      }
    }
  }

  /**
   * Writes history rows in one commit with what the stage holds and the lease's proof (so that the
   * rows may be pending ones, {@code PendingRows}), releasing the lease when {@code release}.
   */
  void write(List<HistoryRecord> rows, boolean release) {
    journal.write(rows, release, this);
    held.clear();
  }

  /**
   * The error of a refused commit: when another writer committed to a table whose changes are held
   * (the version's changes were made on the table as it was), a {@link
   * ConcurrentMigrationException} naming the table, which no rebase of the history can mend; else
   * {@code refused} itself, for the history write to rebase and retry.
   */
  private RuntimeException tableChangedOrHistory(CommitFailedException refused) {
    for (Map.Entry<TableIdentifier, Held> entry : held.entrySet()) {
      TableMetadata now = entry.getValue().ops().refresh();
      if (!Objects.equals(
          now.metadataFileLocation(), entry.getValue().base().metadataFileLocation())) {
        return new ConcurrentMigrationException(
            running.get().version(),
            ("Cannot commit to %s: another writer committed to it during this version (a"
                    + " concurrent commit to the table)")
                .formatted(entry.getKey()),
            refused);
      }
    }
    return refused;
  }

  /** Whether it holds changes not yet committed. */
  boolean holdsChanges() {
    return !held.isEmpty();
  }

  @Override
  public void commit(TableOperations historyOps, TableMetadata base, TableMetadata metadata) {
    List<TableCommit> changes = new ArrayList<>();
    List<String> tables = new ArrayList<>();
    held.forEach(
        (table, changed) -> {
          changes.add(TableCommit.create(table, changed.base(), changed.current()));
          tables.add(table.toString());
        });
    Object target = tables.isEmpty() ? fence.historyTable() : String.join(", ", tables);
    try {
      if (fence.commitAll(
          target, changes, TableCommit.create(fence.historyTable(), base, metadata))) {
        return;
      }
    } catch (CommitFailedException e) {
      throw tableChangedOrHistory(e);
    } catch (LeaseFence.RefusedByFenceException e) {
      if (!changes.isEmpty()) {
        throw e;
      }
      // rows alone: refused as any history write of a run that lost its lease, which says how
      throw new CommitFailedException(e, "%s", e.getMessage());
    }
    // the catalog takes no multi-table commits: each table, then the history, one at a time
    holding = false;
    for (Map.Entry<TableIdentifier, Held> entry : held.entrySet()) {
      fence.check(entry.getKey());
      entry.getValue().ops().commit(entry.getValue().base(), entry.getValue().current());
    }
    held.clear();
    fence.check(fence.historyTable());
    historyOps.commit(base, metadata);
  }

  @Override
  public boolean provesLease() {
    return fence.takesMultiTableCommits();
  }
}
