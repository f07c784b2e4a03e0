package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.internal.StagedBranches;
import dev.icebergops.migration.internal.StagedBranches.State;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * A branch that a staged data step of a version wrote, named by a step of the version's history
 * row, and where it stands now: what {@code status} shows and {@code repair} publishes or drops.
 *
 * @param version the version whose row names the branch
 * @param table the table, qualified
 * @param branch the branch
 * @param state where the branch stands
 */
record StagedLeftover(String version, String table, String branch, State state) {

  /**
   * The branches the steps of {@code row} name, each with its state read from {@code catalog}; a
   * row that names none costs no catalog call.
   */
  static List<StagedLeftover> of(HistoryRecord row, Catalog catalog, RemoteCalls remote) {
    Map<String, String> tableOfBranch = new LinkedHashMap<>();
    row.steps().stream()
        .map(StagedBranches::staged)
        .flatMap(Optional::stream)
        .forEach(staged -> tableOfBranch.putIfAbsent(staged.getValue(), staged.getKey()));
    return tableOfBranch.entrySet().stream()
        .map(
            e ->
                new StagedLeftover(
                    row.version(),
                    e.getValue(),
                    e.getKey(),
                    remote.call(
                        "read branch " + e.getKey() + " of " + e.getValue(),
                        () -> state(catalog, e.getValue(), e.getKey()))))
        .toList();
  }

  private static State state(Catalog catalog, String table, String branch) {
    try {
      return StagedBranches.state(catalog.loadTable(TableIdentifier.parse(table)), branch);
    } catch (NoSuchTableException e) {
      return State.ABSENT;
    }
  }

  /** Neither published nor gone: the operator says whether to publish or drop it. */
  boolean isOpen() {
    return state == State.STAGED || state == State.AUDITED;
  }

  /** For {@code status}: {@code staged on branch B of ns.payments: audited, not published}. */
  String note() {
    return "staged on branch " + branch + " of " + table + ": " + stateText();
  }

  /** For {@code repair}: {@code migration 0002 left branch B on ns.payments (audited, ...)}. */
  String left() {
    return "migration %s left branch %s on %s (%s)".formatted(version, branch, table, stateText());
  }

  private String stateText() {
    return switch (state) {
      case ABSENT -> "absent";
      case STAGED -> "written, not audited";
      case AUDITED -> "audited, not published";
      case PUBLISHED -> "published";
    };
  }

  /**
   * Publishes or drops the branch through {@code fenced}, the repair's catalog behind its lease.
   *
   * @return what was done, for the repair's changes
   */
  String repair(StagedRepair choice, Catalog fenced, RemoteCalls remote) {
    boolean publish = choice == StagedRepair.PUBLISH;
    remote.call(
        (publish ? "publish branch " : "drop branch ") + branch + " of " + table,
        () -> {
          Table loaded = fenced.loadTable(TableIdentifier.parse(table));
          if (publish) {
            publish(loaded);
          } else {
            StagedBranches.drop(loaded, branch);
          }
          return null;
        });
    return publish
        ? "published branch " + branch + " onto main of " + table
        : "dropped branch " + branch + " of " + table;
  }

  private void publish(Table loaded) {
    Snapshot main = loaded.currentSnapshot();
    if (!SnapshotUtil.isAncestorOf(
        loaded, loaded.refs().get(branch).snapshotId(), main.snapshotId())) {
      throw new IllegalStateException(
          ("Cannot publish branch %s onto main of %s: another writer committed snapshot %s (%s)"
                  + " to main since it was staged; repair with repair(StagedRepair.DROP) to stage"
                  + " it again on main's new head")
              .formatted(branch, table, main.snapshotId(), main.operation()));
    }
    StagedBranches.publish(loaded, branch);
  }
}
