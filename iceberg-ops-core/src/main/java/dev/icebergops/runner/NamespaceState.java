package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationStatus.State;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The migrations of a namespace next to its history rows and lease, read at one moment.
 *
 * <p>Baselines: a row whose operation is {@value #BASELINE} (or {@value #BASELINE_DOWNGRADE}) was
 * written by the version's baseline migration, and stands for it while it is applied, failed or
 * running: the versions below it that have no row are {@link State#BELOW_BASELINE}. A namespace
 * with no row at all takes the highest baseline up to its target, when baselines are applied.
 */
final class NamespaceState {

  /** The operation of a baseline's upgrade rows (running, applied, failed). */
  static final String BASELINE = "baseline";

  /** The version before every migration: a rollback to it undoes them all. */
  static final String BASE_VERSION = "0000";

  /** The operation of a baseline's downgrade rows while it runs or when it failed. */
  static final String BASELINE_DOWNGRADE = "baseline downgrade";

  private final String namespace;
  private final Map<String, ResolvedMigration> migrations = new LinkedHashMap<>();
  private final TreeMap<String, ResolvedMigration> baselines = new TreeMap<>();
  private final TreeMap<String, HistoryRecord> rows = new TreeMap<>();
  private final RunLease lease;
  private final Set<String> respelled;
  private final Instant now;
  private final boolean applyBaselines;

  /** The namespace's tables when it has no history row at all; empty otherwise or when unknown. */
  private List<String> tablesWithoutHistory = List.of();

  private String historyTable;

  /** The versions whose rows another writer deleted (they had one at an earlier snapshot). */
  private Set<String> deletedRows = Set.of();

  /**
   * The row of the baseline that built the namespace, while applied, failed or running; or null.
   */
  private final HistoryRecord baselineRow;

  /**
   * @param resolved the versioned migrations and the baselines
   * @param applyBaselines whether a namespace without history takes a baseline
   */
  NamespaceState(
      String namespace,
      List<ResolvedMigration> resolved,
      NamespaceHistory history,
      Instant now,
      boolean applyBaselines) {
    this.namespace = namespace;
    for (ResolvedMigration m : resolved) {
      (m.isBaseline() ? baselines : migrations).put(m.version(), m);
    }
    history.rows().forEach(r -> rows.put(r.version(), r));
    this.lease = history.lease().orElse(null);
    this.respelled = history.respelled();
    this.now = now;
    this.applyBaselines = applyBaselines;
    this.baselineRow = // the highest, should there ever be two
        rows.descendingMap().values().stream()
            .filter(row -> isBaselineRow(row))
            .filter(row -> row.status() != Status.ROLLED_BACK && row.status() != Status.PENDING)
            .findFirst()
            .orElse(null);
  }

  /** True for a row a baseline migration wrote (its upgrade, or its downgrade under way). */
  static boolean isBaselineRow(HistoryRecord row) {
    return BASELINE.equals(row.operation()) || BASELINE_DOWNGRADE.equals(row.operation());
  }

  /**
   * The migration a version's row stands for: its baseline when a baseline wrote the row (null when
   * that baseline's class is gone), otherwise its versioned migration.
   */
  ResolvedMigration migration(String version) {
    HistoryRecord row = rows.get(version);
    if (row != null && isBaselineRow(row)) {
      return baselines.get(version);
    }
    return migrations.get(version);
  }

  /**
   * The baseline that built this namespace (applied, failed or running), or null.
   *
   * @return its row
   */
  HistoryRecord baselineRow() {
    return baselineRow;
  }

  /**
   * The baseline a migrate to {@code target} (null: head) would apply: the highest at or below it,
   * when baselines are applied and the namespace has no history row at all; otherwise null.
   */
  ResolvedMigration plannedBaseline(String target) {
    if (!applyBaselines || !rows.isEmpty() || baselines.isEmpty()) {
      return null;
    }
    Map.Entry<String, ResolvedMigration> entry =
        target == null ? baselines.lastEntry() : baselines.floorEntry(target);
    return entry == null ? null : entry.getValue();
  }

  /**
   * The version of the baseline whose state covers {@code version}: the one that built the
   * namespace, or the one a migrate to head would apply; null when none does. Only a version
   * without a row of its own is covered.
   */
  String coveringBaseline(String version) {
    if (rows.containsKey(version)) {
      return null;
    }
    String baseline =
        baselineRow != null
            ? baselineRow.version()
            : plannedBaseline(null) == null ? null : plannedBaseline(null).version();
    return baseline != null && version.compareTo(baseline) < 0 ? baseline : null;
  }

  /**
   * The versions whose missing row may have been deleted: those with a class and no row, not below
   * the baseline, below a version that has a row.
   */
  Set<String> unrecordedBelowRecorded() {
    String highest = rows.isEmpty() ? "" : rows.lastKey();
    return migrations.keySet().stream()
        .filter(version -> version.compareTo(highest) < 0 && !rows.containsKey(version))
        .filter(version -> coveringBaseline(version) == null)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * Adds what the history alone cannot tell: the namespace's tables, when it has no history row,
   * and the versions whose rows were deleted.
   *
   * @return this state
   */
  NamespaceState withLostHistory(String historyTable, List<String> tables, Set<String> deleted) {
    this.historyTable = historyTable;
    this.tablesWithoutHistory = List.copyOf(tables);
    this.deletedRows = Set.copyOf(deleted);
    return this;
  }

  /** The namespace's tables when it has no history row at all, else empty. */
  List<String> tablesWithoutHistory() {
    return tablesWithoutHistory;
  }

  /**
   * Why a namespace with tables but no history row is refused, and the ways forward (Flyway's
   * "non-empty schema without schema history table").
   *
   * @param subject who has the tables: {@code it}, or the namespace
   */
  String tablesWithoutHistoryReason(String subject) {
    return ("%s has tables (%s) but no history in %s; if they were made by these migrations, stamp"
            + " the version they are at (stamp(\"<version>\")); if the history table was dropped"
            + " by mistake, register its last metadata file again instead; if the tables are not"
            + " these migrations', migrate another namespace")
        .formatted(subject, String.join(", ", tablesWithoutHistory), historyTable);
  }

  /** True when {@code version}'s row was deleted by another writer. */
  boolean isDeletedRow(String version) {
    return deletedRows.contains(version);
  }

  /** What an operator does about a deleted row. */
  static String deletedRowAdvice(String version) {
    return ("its row is missing from history (it had one, and a later version is recorded): if"
            + " its tables show its changes, record it applied with stamp(\"%s\"); otherwise make"
            + " its changes by hand first, then stamp it; migrate does not apply it again")
        .formatted(version);
  }

  /** The history row for a version, or null. */
  HistoryRecord row(String version) {
    return rows.get(version);
  }

  List<HistoryRecord> rows() {
    return new ArrayList<>(rows.values());
  }

  /** True when a running row's run is alive and still holds the lease. */
  boolean isRunningNow(HistoryRecord row) {
    return row.status() == Status.RUNNING
        && lease != null
        && lease.runId().equals(row.runId())
        && ProcessScope.CURRENT.mayBeAlive(lease, now);
  }

  /** True for a running row whose run is gone. */
  boolean isInterrupted(HistoryRecord row) {
    return row.status() == Status.RUNNING && !isRunningNow(row);
  }

  /**
   * Migrations up to and including {@code target} (all when null) that migrate would apply: never
   * run, rolled back or repaired; failed and interrupted ones too when {@code retryFailed}. With
   * {@code useBaselines}, a namespace without history starts with the baseline {@link
   * #plannedBaseline} picks, and the versions below a baseline that built the namespace are never
   * pending.
   */
  List<ResolvedMigration> pending(String target, boolean retryFailed, boolean useBaselines) {
    List<ResolvedMigration> pending = new ArrayList<>();
    ResolvedMigration baseline = useBaselines ? plannedBaseline(target) : null;
    if (baseline != null) {
      pending.add(baseline);
    }
    migrations.keySet().stream()
        .filter(version -> target == null || version.compareTo(target) <= 0)
        .filter(version -> baseline == null || version.compareTo(baseline.version()) > 0)
        .filter(
            version ->
                baselineRow == null
                    || version.compareTo(baselineRow.version()) >= 0
                    || rows.containsKey(version))
        .filter(version -> !isDeletedRow(version) && isPending(rows.get(version), retryFailed))
        .map(this::migration)
        .filter(Objects::nonNull)
        .forEach(pending::add);
    return pending;
  }

  private static boolean isPending(HistoryRecord row, boolean retryFailed) {
    return row == null
        || switch (row.status()) {
          case ROLLED_BACK, PENDING -> true;
          case FAILED, RUNNING -> retryFailed;
          case APPLIED, UNREADABLE -> false;
        };
  }

  /**
   * Versions a rollback undoes above {@code floor}, highest first: applied, failed, interrupted.
   */
  List<String> undoableAbove(String floor) {
    return above(floor, Set.of(Status.APPLIED, Status.FAILED, Status.RUNNING));
  }

  /** The versions above {@code floor} whose row has one of the statuses, highest first. */
  private List<String> above(String floor, Set<Status> statuses) {
    return rows.descendingMap().values().stream()
        .filter(row -> statuses.contains(row.status()) && row.version().compareTo(floor) > 0)
        .map(HistoryRecord::version)
        .toList();
  }

  boolean isKnown(String version) {
    return migrations.containsKey(version) || rows.containsKey(version);
  }

  /** True when an applied version's class changed since it was applied. */
  static boolean isChanged(ResolvedMigration migration, HistoryRecord row) {
    return migration != null
        && row.status() == Status.APPLIED
        && row.checksum() != null
        && !row.checksum().equals(migration.checksum());
  }

  /** What is known of an interrupted version: its operation and the steps recorded. */
  static String interruption(HistoryRecord row) {
    String operation = row.operation() == null ? "its run" : "its " + row.operation();
    return ("%s was interrupted (run %s, last recorded %s); steps recorded as completed: %s; the"
            + " step after them may have committed")
        .formatted(
            operation,
            row.runId(),
            row.updatedAt(),
            row.steps().isEmpty() ? "none" : String.join("; ", row.steps()));
  }

  /** Why a row is unreadable, its raw values, and the way forward. */
  String unreadable(HistoryRecord row) {
    return ("%s; run repair() to remove the row (it logs the raw values), then stamp(\"%s\") once"
            + " its tables are checked, or migrate if they are not at it")
        .formatted(row.error(), row.version());
  }

  /** The versions whose status another writer spelled another way; repair rewrites them. */
  Set<String> respelled() {
    return respelled;
  }

  /** The highest applied version, or null. */
  String current() {
    List<String> applied = above("", Set.of(Status.APPLIED));
    return applied.isEmpty() ? null : applied.get(0);
  }

  /**
   * The status of every known version (those with a class, and those recorded in history): below
   * the baseline, pending, applied, missing, failed, running, interrupted, unreadable.
   */
  List<MigrationStatus> statuses() {
    TreeSet<String> versions = new TreeSet<>(migrations.keySet());
    versions.addAll(rows.keySet());
    return versions.stream()
        .map(version -> status(version, migration(version), rows.get(version)))
        .toList();
  }

  /** The status of a version no history row of its own stands for: no time, no checksum. */
  private static MigrationStatus unrecorded(
      String version, String description, State state, String note, String baselineVersion) {
    return new MigrationStatus(
        version, description, state, null, note, false, baselineVersion, null);
  }

  private MigrationStatus status(String version, ResolvedMigration migration, HistoryRecord row) {
    String covering = coveringBaseline(version);
    if (covering != null) {
      return unrecorded(version, migration.description(), State.BELOW_BASELINE, null, covering);
    }
    ResolvedMigration planned = row == null ? plannedBaseline(null) : null;
    if (planned != null && planned.version().equals(version)) {
      return unrecorded(version, planned.description(), State.PENDING, null, version);
    }
    String description = migration != null ? migration.description() : row.description();
    if (row == null && isDeletedRow(version)) {
      return unrecorded(
          version, description, State.MISSING_FROM_HISTORY, deletedRowAdvice(version), null);
    }
    if (row == null) {
      String note =
          tablesWithoutHistory.isEmpty()
              ? null
              : "not in history although " + tablesWithoutHistoryReason(namespace());
      return unrecorded(version, description, State.PENDING, note, null);
    }
    State state =
        switch (row.status()) {
          case APPLIED -> migration == null ? State.MISSING : State.APPLIED;
          case ROLLED_BACK -> State.ROLLED_BACK;
          case FAILED -> State.FAILED;
          case PENDING -> State.PENDING;
          case RUNNING -> isRunningNow(row) ? State.RUNNING : State.INTERRUPTED;
          case UNREADABLE -> State.UNREADABLE;
        };
    String error = row.error();
    if (state == State.INTERRUPTED) {
      error = interruption(row);
    } else if (state == State.UNREADABLE) {
      error = unreadable(row);
    }
    return new MigrationStatus(
        version,
        description,
        state,
        state == State.UNREADABLE ? null : row.updatedAt(),
        error,
        isChanged(migration, row),
        row == baselineRow ? version : null,
        null);
  }

  String namespace() {
    return namespace;
  }
}
