package dev.icebergops.history;

import dev.icebergops.history.internal.HistoryTable;
import dev.icebergops.history.internal.HistoryWriter;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The history writes tests make to set the stage (a row as an earlier run or another writer left
 * it): one row stored through the same conflict-checked commit the runner uses, from a fresh read,
 * tried again while other namespaces' writes come first.
 */
public final class TestWrites {

  /** How often a write is tried again after losing a commit race. */
  static final int MAX_ATTEMPTS = 20;

  private TestWrites() {}

  /** A row of namespace {@code sales} for {@code version}, as tests of the history's files use. */
  public static HistoryRecord row(String version, HistoryRecord.Status status) {
    return new HistoryRecord(
        version,
        "sales",
        "migration " + version,
        status,
        null,
        "sum-" + version,
        Instant.parse("2026-11-30T10:00:00Z"),
        7L);
  }

  /** The table behind a history's reads. */
  public static HistoryTable table(MigrationHistory history) {
    return history.table();
  }

  /** The writer the runner would use on a history's table. */
  public static HistoryWriter writer(MigrationHistory history) {
    return new HistoryWriter(history.table());
  }

  /**
   * Stores one row, replacing the row of the same (version, namespace), provided that row is still
   * {@code expected}.
   *
   * @throws HistoryConflictException if the stored row is not {@code expected}, or the history kept
   *     changing for {@value #MAX_ATTEMPTS} attempts
   */
  public static void record(MigrationHistory history, HistoryRecord row, HistoryRecord expected) {
    HistoryConflictException last = null;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (attempt > 1) {
        pause(attempt);
      }
      NamespaceHistory base = history.load(row.namespace());
      HistoryRecord stored = base.row(row.version()).orElse(null);
      if (!Objects.equals(stored, expected)) {
        throw new HistoryConflictException(
            "Cannot record migration " + row.version() + ": another run recorded it", null);
      }
      try {
        TestWrites.writer(history).commit(base, base.with(row));
        return;
      } catch (HistoryConflictException e) {
        last = e;
      }
    }
    throw last;
  }

  private static void pause(int attempt) {
    long bound = Math.min(1000L, 25L << Math.min(attempt, 5));
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(bound / 2, bound + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot record migration history: interrupted", e);
    }
  }
}
