package dev.icebergops.history.internal;

import dev.icebergops.history.HistoryConflictException;
import java.util.function.UnaryOperator;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.CommitStateUnknownException;

/**
 * The history table as one commit sees it: Iceberg rebases the commit over other namespaces'
 * commits (the table properties allow it twenty times, with waits growing to two seconds) at most
 * {@value #REBASES} times, then the commit gives up with a {@link HistoryConflictException}. The
 * runner retries from a fresh read within its own contention budget, each attempt one remote call
 * under its time bound: a history table that keeps changing never holds one call for so long that
 * it looks like a catalog that does not answer.
 *
 * <p>It reads the table from the catalog once per try at most: the metadata read (or loaded or
 * created for this commit) stands until the catalog refuses a commit from it, and a commit's answer
 * (or the read right after a multi-table commit, which answers nothing) stands for Iceberg's
 * clean-up. A transaction's second look thus finds the same metadata, and does not apply its
 * changes again. The toolkit's appends to a table it has just loaded commit through it as well
 * ({@link #asLoaded}).
 */
public final class RebaseLimit extends ForwardingTableOperations {

  /** How often one commit is rebased over other writers' commits before it gives up. */
  public static final int REBASES = 3;

  private final Carrier carrier;

  /**
   * What each commit changes besides what it was built with, in the same metadata commit: the lease
   * tag ({@link LeaseTag}), the pending rows it stores ({@link PendingRows}).
   */
  private final UnaryOperator<TableMetadata> alongside;

  private int refused;

  /** The table's metadata as this try knows it, for the next refresh; or null: ask the catalog. */
  private TableMetadata known;

  private RebaseLimit(
      TableOperations delegate,
      Carrier carrier,
      boolean fresh,
      UnaryOperator<TableMetadata> alongside) {
    super(delegate);
    this.carrier = carrier;
    this.alongside = alongside;
    this.known = fresh ? delegate.current() : null;
  }

  /**
   * {@code table}, just loaded, committing alone from the metadata it holds: for any table's
   * snapshot commits, which then read the table from the catalog only after a refusal.
   */
  public static Table asLoaded(Table table) {
    return of(table, null, true, UnaryOperator.identity());
  }

  /**
   * The table, committing through operations that stop rebasing after {@value #REBASES}, and
   * through {@code carrier} unless it is null.
   *
   * @param fresh whether {@code table} was loaded or created for this commit, or by the read of the
   *     state it commits from: the commit starts from it without reading it again (the catalog
   *     refuses it if another writer came first)
   * @param alongside what each commit also changes, in the same metadata commit (the lease tag when
   *     the lease's holder changes, say)
   */
  static Table of(
      Table table, Carrier carrier, boolean fresh, UnaryOperator<TableMetadata> alongside) {
    if (table instanceof HasTableOperations hasOperations) {
      return new BaseTable(
          new RebaseLimit(hasOperations.operations(), carrier, fresh, alongside), table.name());
    }
    return table;
  }

  @Override
  public void commit(TableMetadata base, TableMetadata committed) {
    known = null;
    TableMetadata metadata = alongside.apply(committed);
    try {
      if (carrier != null) {
        carrier.commit(delegate, base, metadata);
        // a multi-table commit answers nothing: read the history table as it now is, so that the
        // writer and Iceberg's clean-up after the commit see the snapshot it made
        checkLanded(metadata, delegate.refresh());
      } else {
        delegate.commit(base, metadata);
      }
      known = delegate.current(); // what Iceberg's clean-up reads
    } catch (CommitFailedException e) {
      refused++;
      if (refused > REBASES) {
        // not a CommitFailedException: Iceberg's own retries end here
        throw new Refused(refused, e);
      }
      throw e;
    }
  }

  /**
   * Fails when the history table, read after a multi-table commit the catalog answered as done,
   * lacks the snapshot that commit made: a catalog that answered success for a commit it did not
   * make (Iceberg's own REST adapter does, when a table changed under its commit) leaves the run
   * not knowing what landed, which the runner reads again and reports.
   */
  private static void checkLanded(TableMetadata committed, TableMetadata now) {
    Snapshot made = committed.currentSnapshot();
    if (made != null && now.snapshot(made.snapshotId()) == null) {
      throw new CommitStateUnknownException(
          new IllegalStateException(
              "the catalog answered the multi-table commit as done, but the history table does"
                  + " not have its snapshot "
                  + made.snapshotId()));
    }
  }

  @Override
  public TableMetadata refresh() {
    if (known == null) {
      known = delegate.refresh();
    }
    return known;
  }

  /** The catalog refused the commit more than {@value #REBASES} times: the table kept changing. */
  public static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(int times, CommitFailedException last) {
      super("the catalog refused the commit " + times + " times: " + last.getMessage(), last);
    }
  }

  /** Makes the history table's metadata commit, together with whatever it carries. */
  @FunctionalInterface
  public interface Carrier {
    /**
     * Commits {@code metadata} over {@code base} to the history table.
     *
     * @param ops the history table's own operations, for a commit of it alone
     * @throws CommitFailedException if the catalog refused the commit; nothing was committed then
     */
    void commit(TableOperations ops, TableMetadata base, TableMetadata metadata);

    /**
     * Whether each commit it makes also asserts that its run still holds the namespace's lease (the
     * lease tag where it was), in one multi-table commit: what a write of pending rows needs
     * ({@link PendingRows}), since the catalog checks no table property.
     */
    default boolean provesLease() {
      return false;
    }
  }
}
