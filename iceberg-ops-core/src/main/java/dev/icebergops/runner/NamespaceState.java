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
import java.util.TreeMap;
import java.util.TreeSet;

/** The migrations of a namespace next to its history rows and lease, read at one moment. */
final class NamespaceState {

  private final String namespace;
  private final Map<String, ResolvedMigration> migrations = new LinkedHashMap<>();
  private final Map<String, HistoryRecord> rows = new TreeMap<>();
  private final RunLease lease;
  private final Instant now;

  NamespaceState(
      String namespace, List<ResolvedMigration> resolved, NamespaceHistory history, Instant now) {
    this.namespace = namespace;
    resolved.forEach(m -> migrations.put(m.version(), m));
    history.rows().forEach(r -> rows.put(r.version(), r));
    this.lease = history.lease().orElse(null);
    this.now = now;
  }

  ResolvedMigration migration(String version) {
    return migrations.get(version);
  }

  List<ResolvedMigration> migrations() {
    return new ArrayList<>(migrations.values());
  }

  /** The history row for a version, or null. */
  HistoryRecord row(String version) {
    return rows.get(version);
  }

  List<HistoryRecord> rows() {
    return new ArrayList<>(rows.values());
  }

  boolean isApplied(String version) {
    HistoryRecord row = rows.get(version);
    return row != null && row.status() == Status.APPLIED;
  }

  /** True when a running row's run is alive and still holds the lease. */
  boolean isRunningNow(HistoryRecord row) {
    return row.status() == Status.RUNNING
        && lease != null
        && lease.runId().equals(row.runId())
        && RunJournal.isAlive(lease, now);
  }

  /** True for a running row whose run is gone. */
  boolean isInterrupted(HistoryRecord row) {
    return row.status() == Status.RUNNING && !isRunningNow(row);
  }

  /**
   * Migrations up to and including {@code target} (all when null) that migrate would apply: never
   * run, rolled back or repaired; failed and interrupted ones too when {@code retryFailed}.
   */
  List<ResolvedMigration> pending(String target, boolean retryFailed) {
    List<ResolvedMigration> pending = new ArrayList<>();
    for (ResolvedMigration migration : migrations.values()) {
      boolean inRange = target == null || migration.version().compareTo(target) <= 0;
      if (inRange && isPending(rows.get(migration.version()), retryFailed)) {
        pending.add(migration);
      }
    }
    return pending;
  }

  private static boolean isPending(HistoryRecord row, boolean retryFailed) {
    if (row == null) {
      return true;
    }
    return switch (row.status()) {
      case ROLLED_BACK, PENDING -> true;
      case FAILED, RUNNING -> retryFailed;
      case APPLIED -> false;
    };
  }

  /**
   * Versions a rollback undoes above {@code floor}, highest first: applied, failed, interrupted.
   */
  List<String> undoableAbove(String floor) {
    List<String> undoable = new ArrayList<>();
    for (HistoryRecord row : rows.values()) {
      boolean candidate =
          row.status() == Status.APPLIED
              || row.status() == Status.FAILED
              || row.status() == Status.RUNNING;
      if (candidate && row.version().compareTo(floor) > 0) {
        undoable.add(0, row.version());
      }
    }
    return undoable;
  }

  /** Applied versions above {@code floor}, highest first. */
  List<String> appliedAbove(String floor) {
    List<String> applied = new ArrayList<>();
    for (HistoryRecord row : rows.values()) {
      if (row.status() == Status.APPLIED && row.version().compareTo(floor) > 0) {
        applied.add(0, row.version());
      }
    }
    return applied;
  }

  boolean isKnown(String version) {
    return migrations.containsKey(version) || rows.containsKey(version);
  }

  String knownVersions() {
    TreeSet<String> all = new TreeSet<>(migrations.keySet());
    all.addAll(rows.keySet());
    return all.isEmpty() ? "none" : String.join(", ", all);
  }

  List<MigrationStatus> status() {
    TreeSet<String> versions = new TreeSet<>(migrations.keySet());
    versions.addAll(rows.keySet());
    List<MigrationStatus> statuses = new ArrayList<>();
    for (String version : versions) {
      statuses.add(status(version, migrations.get(version), rows.get(version)));
    }
    return statuses;
  }

  private MigrationStatus status(String version, ResolvedMigration migration, HistoryRecord row) {
    String description = migration != null ? migration.description() : row.description();
    if (row == null) {
      return new MigrationStatus(version, description, State.PENDING, null, null, false);
    }
    State state =
        switch (row.status()) {
          case APPLIED -> migration == null ? State.MISSING : State.APPLIED;
          case ROLLED_BACK -> State.ROLLED_BACK;
          case FAILED -> State.FAILED;
          case PENDING -> State.PENDING;
          case RUNNING -> isRunningNow(row) ? State.RUNNING : State.INTERRUPTED;
        };
    String error = row.error();
    if (state == State.INTERRUPTED) {
      error = interruption(row);
    }
    return new MigrationStatus(
        version, description, state, row.updatedAt(), error, isChanged(migration, row));
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
    return operation
        + " was interrupted (run "
        + row.runId()
        + ", last recorded "
        + row.updatedAt()
        + "); steps recorded as completed: "
        + (row.steps().isEmpty() ? "none" : String.join("; ", row.steps()))
        + "; the step after them may have committed";
  }

  /** The highest applied version, or null. */
  String current() {
    List<String> applied = appliedAbove("");
    return applied.isEmpty() ? null : applied.get(0);
  }

  String namespace() {
    return namespace;
  }
}
