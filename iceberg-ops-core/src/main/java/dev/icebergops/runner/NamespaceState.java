package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationStatus.State;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** The migrations of a namespace next to its history rows, read once at the start of a run. */
final class NamespaceState {

  private final String namespace;
  private final Map<String, ResolvedMigration> migrations = new LinkedHashMap<>();
  private final Map<String, HistoryRecord> rows = new TreeMap<>();

  NamespaceState(String namespace, List<ResolvedMigration> resolved, List<HistoryRecord> history) {
    this.namespace = namespace;
    resolved.forEach(m -> migrations.put(m.version(), m));
    history.forEach(r -> rows.put(r.version(), r));
  }

  ResolvedMigration migration(String version) {
    return migrations.get(version);
  }

  /** The history row this run saw for a version, or null. */
  HistoryRecord row(String version) {
    return rows.get(version);
  }

  boolean isApplied(String version) {
    HistoryRecord row = rows.get(version);
    return row != null && row.status() == Status.APPLIED;
  }

  /** Migrations up to and including {@code target} (all when null) that are not applied. */
  List<ResolvedMigration> pending(String target) {
    List<ResolvedMigration> pending = new ArrayList<>();
    for (ResolvedMigration migration : migrations.values()) {
      boolean inRange = target == null || migration.version().compareTo(target) <= 0;
      if (inRange && !isApplied(migration.version())) {
        pending.add(migration);
      }
    }
    return pending;
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

  /** Applied versions, highest first. */
  List<String> appliedDescending() {
    return appliedAbove("");
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
      ResolvedMigration migration = migrations.get(version);
      HistoryRecord row = rows.get(version);
      statuses.add(status(version, migration, row));
    }
    return statuses;
  }

  private static MigrationStatus status(
      String version, ResolvedMigration migration, HistoryRecord row) {
    String description = migration != null ? migration.description() : row.description();
    if (row == null) {
      return new MigrationStatus(version, description, State.PENDING, null, null, false);
    }
    State state;
    if (migration == null) {
      state = row.status() == Status.APPLIED ? State.MISSING : State.valueOf(row.status().name());
    } else {
      state = State.valueOf(row.status().name());
    }
    boolean changed =
        migration != null
            && row.status() == Status.APPLIED
            && row.checksum() != null
            && !row.checksum().equals(migration.checksum());
    return new MigrationStatus(version, description, state, row.updatedAt(), row.error(), changed);
  }

  /** The highest applied version, or null. */
  String current() {
    List<String> applied = appliedDescending();
    return applied.isEmpty() ? null : applied.get(0);
  }

  String namespace() {
    return namespace;
  }
}
