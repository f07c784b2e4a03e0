package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.redaction.Redaction;
import dev.icebergops.state.NamespaceTables;
import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The uuids of a namespace's tables that a run records with each version it applies, rolls back or
 * stamps ({@link HistoryRecord#tableUuids()}), and that drift expects: a table the version made
 * (not there before it, or there with another uuid) with its own uuid, any other with the uuid
 * recorded before (the first one seen when no row lists it yet), so that a table replaced by hand
 * between runs stays found out. The capture before the first version lists the namespace's tables
 * and loads those no history row lists. The capture after a version lists them again and loads only
 * those it may have made: tables new since the capture before, and those a change the version made
 * through the run's catalog names (a create, drop, rename, register or replace), or every table
 * after a change that names none (a namespace's, or changes published for Spark). Tables whose
 * changes the version holds back are read from what it holds.
 */
final class TableUuids {

  private static final Logger LOG = LoggerFactory.getLogger(TableUuids.class);

  private final NamespaceView view;
  private final Map<String, String> expected;
  private Map<String, String> live;

  TableUuids(NamespaceView view, Collection<HistoryRecord> rows) {
    this.view = view;
    this.expected = recorded(rows);
  }

  /**
   * The uuid each table is expected to have: the one the newest applied or rolled-back row lists
   * (by name, without namespace); a table no row lists is absent.
   */
  static Map<String, String> recorded(Collection<HistoryRecord> rows) {
    Map<String, String> uuids = new TreeMap<>();
    rows.stream()
        .filter(row -> row.status() == Status.APPLIED || row.status() == Status.ROLLED_BACK)
        .sorted(Comparator.comparing(HistoryRecord::updatedAt))
        .forEach(row -> uuids.putAll(row.tableUuids()));
    return uuids;
  }

  /**
   * Captures the tables before the first version, to tell which tables a version made: a table the
   * history lists is taken at the uuid it recorded, unloaded (a version that leaves it alone
   * records that uuid again whatever the table's own, so that one replaced by hand stays found
   * out); the others are loaded.
   */
  TableUuids beforeFirstVersion() {
    live = capture(null, new TreeMap<>(expected), table -> false);
    return this;
  }

  /**
   * Captures the tables after a version and returns the uuids to record with it; every table counts
   * as made by it when the tables before it are unknown (a stamp). Empty when they cannot be read.
   *
   * @param held the version's commits held back to land with its row, or null: a table they change
   *     is not loaded for its uuid
   * @param changed whether a table may have changed its identity during the version: one that did
   *     not keeps the uuid captured before it, unloaded
   */
  Map<String, String> afterVersion(VersionStage held, Predicate<TableIdentifier> changed) {
    Map<String, String> before = live;
    live = capture(held, before, changed);
    if (live == null) {
      return Map.of();
    }
    live.forEach(
        (table, uuid) -> {
          if (before == null || !uuid.equals(before.get(table))) {
            expected.put(table, uuid);
          } else {
            expected.putIfAbsent(table, uuid);
          }
        });
    Map<String, String> recorded = new TreeMap<>(expected);
    recorded.keySet().retainAll(live.keySet());
    return recorded;
  }

  /**
   * The uuid of each of the namespace's tables but the history table, by name: one list, and one
   * load per table but those whose changes {@code held} holds back (the staged metadata has the
   * uuid, and their commit requires the table to still have it) and those {@code known} lists that
   * {@code changed} says kept their identity; null when they cannot be read.
   *
   * @param held the running version's held commits, or null
   * @param known the uuids of the last capture, or null for none
   * @param changed whether a table may have changed its identity since that capture
   */
  private Map<String, String> capture(
      VersionStage held, Map<String, String> known, Predicate<TableIdentifier> changed) {
    Catalog catalog = view.catalog();
    try {
      return view.remote()
          .call(
              "read the tables of " + view.namespace(),
              () -> {
                Map<String, String> uuids = new TreeMap<>();
                for (TableIdentifier id : NamespaceTables.listTables(catalog, view.namespace())) {
                  TableMetadata staged = held == null ? null : held.current(id);
                  if (staged != null) {
                    uuids.put(id.name(), staged.uuid());
                  } else if (known != null && known.containsKey(id.name()) && !changed.test(id)) {
                    uuids.put(id.name(), known.get(id.name()));
                  } else if (!id.equals(view.historyTable())) {
                    try {
                      uuids.put(id.name(), catalog.loadTable(id).uuid().toString());
                    } catch (NoSuchTableException e) {
                      // dropped between listing and loading: not part of the namespace
                    }
                  }
                }
                return uuids;
              });
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot read the tables of {} to record their uuids; drift checks them by their creation"
              + " time: {}",
          view.namespace(),
          Redaction.scrub(e.toString(), Map.of()));
      return null;
    }
  }
}
