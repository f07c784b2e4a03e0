package dev.icebergops.runner;

import static dev.icebergops.runner.RunnerLog.LOG;

import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.ResolvedMigration;

/**
 * What a run does to a version, with the names it goes by: the operation its history row records,
 * the hooks it runs around its main step, the status it ends in, and the words of its log lines and
 * messages: an upgrade or a downgrade runs a migration (stamp and repair only record, with rows of
 * their own: {@link VersionRows#stamped}, {@link RecordingRuns#repair}).
 */
enum Operation {
  UPGRADE,
  DOWNGRADE;

  /**
   * The operation a history row records, for a versioned migration, and the main step's name, as a
   * failure names it: {@code upgrade}.
   */
  String recorded() {
    return this == UPGRADE ? "upgrade" : "downgrade";
  }

  /**
   * The operation a row of {@code resolved} records while it runs, is done or failed: a baseline's
   * upgrade and downgrade are {@code baseline} and {@code baseline downgrade}, so that its row is
   * read as the baseline's. (A rolled-back baseline's row says {@code downgrade}: the version is
   * pending again, for its versioned migration.)
   */
  String recordedFor(ResolvedMigration resolved) {
    if (!resolved.isBaseline()) {
      return recorded();
    }
    return this == UPGRADE ? NamespaceState.BASELINE : NamespaceState.BASELINE_DOWNGRADE;
  }

  /** The hook that runs after the outcome is recorded: {@code postUpgrade}. */
  String postHook() {
    return this == UPGRADE ? "postUpgrade" : "postDowngrade";
  }

  /** The status a version ends in when the operation succeeds. */
  Status outcome() {
    return this == UPGRADE ? Status.APPLIED : Status.ROLLED_BACK;
  }

  /** The outcome, for messages: {@code applied}. */
  String done() {
    return this == UPGRADE ? "applied" : "rolled back";
  }

  /**
   * What the operation does to a version of a namespace, for messages: {@code apply migration 0001
   * (create t) to sales}.
   */
  String what(ResolvedMigration resolved, String namespace) {
    String verb = this == UPGRADE ? "apply" : "roll back";
    return verb + " migration " + resolved + " " + preposition() + " " + namespace;
  }

  /** The preposition of the namespace in log lines: {@code Applied migration 0001 to sales}. */
  String preposition() {
    return this == UPGRADE ? "to" : "in";
  }

  /**
   * The operation the row of a version this operation completed records: a rolled-back baseline's
   * says {@code downgrade}, so that the version reads as pending again for its versioned migration.
   */
  String recordedWhenDone(ResolvedMigration resolved) {
    return this == DOWNGRADE ? recorded() : recordedFor(resolved);
  }

  /** Runs the hook after the outcome is recorded. */
  void runPostHook(Migration migration, MigrationContext ctx) throws Exception {
    switch (this) {
      case UPGRADE -> migration.postUpgrade(ctx);
      case DOWNGRADE -> migration.postDowngrade(ctx);
    }
  }

  /**
   * Whether a migration overrides this operation's post-hook: then the run's lease is released only
   * after the hook ran, in a write of its own.
   */
  boolean hasPostHook(ResolvedMigration resolved) {
    try {
      return resolved
              .migration()
              .getClass()
              .getMethod(postHook(), MigrationContext.class)
              .getDeclaringClass()
          != Migration.class;
    } catch (NoSuchMethodException e) {
      return true;
    }
  }

  /** Logs the start of a version's run. */
  void logStart(ResolvedMigration resolved, String namespace) {
    if (this == DOWNGRADE) {
      LOG.info("Rolling back migration {} in {}", resolved, namespace);
    } else if (resolved.isBaseline()) {
      LOG.info(
          "Applying baseline {} to {}: it builds version {} directly, without the versions below it",
          resolved,
          namespace,
          resolved.version());
    } else {
      LOG.info("Applying migration {} to {}", resolved, namespace);
    }
  }
}
