package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.apache.iceberg.catalog.Catalog;

/**
 * A runner's whole configuration, built once by {@link MigrationRunner.Builder} and read by every
 * part of a run; immutable. The contention budget is how many times one history write (or taking
 * the lease) is tried again from a fresh read after other writers changed the shared history table
 * under it, each try one remote call under the time bound. With {@code failOnSkippedMigrations}, a
 * migration class or file the source skips (see {@code MigrationSource#skipped}) fails {@code
 * migrate} and {@code validate} instead of only being logged. The presumed history is what the
 * namespace reads as while nothing of it is stored (see {@code RunnerSeam#presumedHistory}).
 */
record RunnerConfig(
    Catalog catalog,
    String namespace,
    MigrationSource source,
    MigrationFactory factory,
    String metaNamespace,
    Clock clock,
    boolean outOfOrder,
    boolean validateOnMigrate,
    Duration leaseDuration,
    Duration leaseWait,
    Duration timeout,
    Consumer<RunEvent> onEvent,
    boolean baselines,
    int contentionAttempts,
    boolean failOnSkippedMigrations,
    List<HistoryRecord> presumedHistory) {

  /** The retry policy of a history write under this configuration. */
  HistoryRetry retry(String what) {
    return new HistoryRetry(contentionAttempts, what);
  }
}
