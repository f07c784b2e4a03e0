package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.migration.internal.SchemaRestore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.UpdateRequirement;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.ImmutableTableCommit;
import org.apache.iceberg.catalog.TableCommit;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * Keeps a run's catalog changes from landing once another run holds its lease. The history table's
 * lease tag moves with every change of the lease's holder (see {@code MigrationHistory.leaseMark});
 * the run remembers where it pointed when the run took the lease.
 *
 * <p>On a REST catalog each table commit goes out as one multi-table {@code commitTransaction}: the
 * change, plus the requirement that the tag still points there. The catalog applies both or
 * neither, so a change cannot land after a takeover, however long the run was stopped between
 * deciding and committing. Elsewhere (and on a REST server without the endpoint, or a REST catalog
 * whose properties set {@value #MULTI_TABLE_COMMITS} to {@code false}) the tag is read just before
 * each commit: a takeover between that read and the commit is not caught.
 */
final class LeaseFence {

  /**
   * The catalog property that, set to {@code false}, has a REST catalog's changes go out one table
   * at a time: for a server whose multi-table commit is not atomic (Iceberg's reference adapter,
   * and so the {@code apache/iceberg-rest-fixture} image, answers a refused table's commit as done
   * without making it).
   */
  static final String MULTI_TABLE_COMMITS = "iceberg-ops.multi-table-commits";

  private final Catalog catalog;
  private final TableIdentifier historyTable;
  private final String tag;
  private final long mark;
  private final Supplier<Optional<String>> lossOfLease;
  private volatile boolean multiTable;

  /** The version whose upgrade runs, or null: its first commit to a table records the schema. */
  private volatile String upgrading;

  /** Holds the running version's table commits back, or null: they commit one by one. */
  private volatile HeldCommits stage;

  /** The tables whose identity a change may have changed since last asked ({@link #touched}). */
  private final Set<TableIdentifier> touched = ConcurrentHashMap.newKeySet();

  /** Whether a change may have changed any table's identity since last asked. */
  private volatile boolean touchedAll;

  /**
   * @param catalog the catalog the run changes tables in, holding the history table
   * @param historyTable the history table
   * @param tag the lease tag's name
   * @param mark the snapshot the tag pointed at when this run took the lease
   * @param lossOfLease why the run no longer holds its lease, read from the history now; empty
   *     while it holds it
   */
  LeaseFence(
      Catalog catalog,
      TableIdentifier historyTable,
      String tag,
      long mark,
      Supplier<Optional<String>> lossOfLease) {
    this.catalog = catalog;
    this.historyTable = historyTable;
    this.tag = tag;
    this.mark = mark;
    this.lossOfLease = lossOfLease;
    this.multiTable =
        catalog instanceof RESTCatalog rest
            && !"false".equalsIgnoreCase(rest.properties().get(MULTI_TABLE_COMMITS));
  }

  /**
   * A fence that holds no lease, for a version run outside a run (the toolkit runs a version's
   * upgrade and downgrade again): its commits go out one by one, checked against nothing, and
   * record in each table the schema before the upgrade of the version {@link #upgrading} names, as
   * a run's commits do.
   */
  static LeaseFence unleased(Catalog catalog) {
    LeaseFence fence = new LeaseFence(catalog, null, null, 0L, Optional::empty);
    fence.multiTable = false;
    return fence;
  }

  /**
   * Commits a table change, provided this run still holds its lease.
   *
   * @return whether {@code ops} has not seen the commit (it went out as a multi-table commit) and
   *     must be refreshed before its metadata is read again
   * @throws RefusedByFenceException if another run holds the lease; nothing was committed then
   */
  boolean commit(
      TableIdentifier table, TableOperations ops, TableMetadata base, TableMetadata proposed) {
    TableMetadata next = SchemaRestore.recordingSchemaBefore(upgrading, base, proposed);
    HeldCommits holding = stage;
    // the history table's own commits (another runner's, through this catalog) are never held
    if (holding != null
        && base != null
        && !table.equals(historyTable)
        && holding.hold(table, ops, base, next)) {
      return false;
    }
    if (!multiTable || base == null) {
      check(table);
      ops.commit(base, next);
      return false;
    }
    TableCommit proof = ImmutableTableCommit.builder().identifier(historyTable).build();
    if (!commitAll(table, List.of(TableCommit.create(table, base, next)), proof)) {
      return commit(table, ops, base, proposed);
    }
    return true;
  }

  /**
   * Commits the changes and the history table's one in one multi-table commit, with the requirement
   * that the lease tag still points where it did when this run took the lease.
   *
   * @param target what changes, for messages
   * @return false if the catalog does not take multi-table commits: nothing was committed then, and
   *     every later commit goes out alone
   * @throws RefusedByFenceException if another run holds the lease; nothing was committed then
   */
  boolean commitAll(Object target, List<TableCommit> changes, TableCommit history) {
    List<TableCommit> commits = new ArrayList<>(changes);
    commits.add(
        ImmutableTableCommit.builder()
            .from(history)
            .addRequirements(new UpdateRequirement.AssertRefSnapshotID(tag, mark))
            .build());
    try {
      ((RESTCatalog) catalog).commitTransaction(commits);
      return true;
    } catch (UnsupportedOperationException e) {
      multiTable = false;
      LOG.info(
          "The catalog {} does not take multi-table commits ({}): the run lease is checked before"
              + " each table commit instead",
          catalog.name(),
          e.getMessage());
      return false;
    } catch (CommitFailedException | NoSuchTableException e) {
      // a moved tag, or a history table that is gone; or a conflict on a table itself
      Optional<String> lost = lossOfLease.get();
      if (lost.isPresent()) {
        throw refused(target, lost.get(), e);
      }
      throw e;
    }
  }

  /** Whether a version's table commits can be held back and carried by its history commit. */
  boolean takesMultiTableCommits() {
    return multiTable;
  }

  /** The history table. */
  TableIdentifier historyTable() {
    return historyTable;
  }

  /** Holds the running version's table commits back in {@code holding}; null stops it. */
  void stage(HeldCommits holding) {
    stage = holding;
  }

  /** The metadata a table has with the commits held back for it, or null when none is. */
  TableMetadata staged(TableIdentifier table) {
    HeldCommits holding = stage;
    return holding == null ? null : holding.current(table);
  }

  /**
   * Makes the commits that follow record, in each table they change, the schema it had before
   * {@code version}'s upgrade (see {@link SchemaRestore#recordingSchemaBefore}); null stops it.
   */
  void upgrading(String version) {
    upgrading = version;
  }

  /**
   * Checks that this run still holds its lease, before a change that cannot carry the proof (a
   * table created, dropped or renamed, a namespace changed).
   *
   * @throws RefusedByFenceException if another run holds the lease
   */
  void check(Object target) {
    publishHeld();
    Optional<String> lost = lossOfLease.get();
    if (lost.isPresent()) {
      throw refused(target, lost.get(), null);
    }
  }

  /**
   * Notes a change that cannot carry the proof, made with {@code args}: the tables it names may
   * have another identity after it (created, dropped, renamed, registered, replaced); a change that
   * names none (a namespace's) may have changed any.
   */
  void touching(Object[] args) {
    List<TableIdentifier> named =
        Stream.ofNullable(args)
            .flatMap(Arrays::stream)
            .filter(TableIdentifier.class::isInstance)
            .map(TableIdentifier.class::cast)
            .toList();
    touched.addAll(named);
    if (named.isEmpty()) {
      touchedAll = true;
    }
  }

  /**
   * Notes that any table's identity may have changed: the version published its changes for another
   * client.
   */
  void touchingAll() {
    touchedAll = true;
  }

  /**
   * Which tables may have changed their identity through this run's catalog since the last call,
   * and starts noting afresh.
   */
  Predicate<TableIdentifier> touched() {
    if (touchedAll) {
      touchedAll = false;
      touched.clear();
      return table -> true;
    }
    Set<TableIdentifier> tables = Set.copyOf(touched);
    touched.removeAll(tables);
    return tables::contains;
  }

  /** Commits what the running version holds back, if anything; the rest goes change by change. */
  void publishHeld() {
    HeldCommits holding = stage;
    if (holding != null) {
      holding.release();
    }
  }

  private static RefusedByFenceException refused(Object target, String lost, Exception cause) {
    return new RefusedByFenceException(
        ("Cannot change %s: this run no longer holds the run lease (%s); the change was refused"
                + " and not committed")
            .formatted(target, lost),
        cause);
  }

  /** A change refused because another run holds the lease: it was not committed. */
  static final class RefusedByFenceException extends ConcurrentMigrationException {
    RefusedByFenceException(String message, Throwable cause) {
      super(null, message, cause);
    }
  }
}
