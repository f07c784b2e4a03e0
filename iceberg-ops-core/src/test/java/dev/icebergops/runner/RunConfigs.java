package dev.icebergops.runner;

import java.time.Clock;
import java.time.Duration;

/** Runner configurations for tests that take a lease or write history without a runner. */
final class RunConfigs {

  private RunConfigs() {}

  /** A configuration with the lease's timing and the default contention budget. */
  static RunnerConfig of(
      String namespace, Clock clock, Duration leaseDuration, Duration leaseWait) {
    return of(namespace, clock, leaseDuration, leaseWait, HistoryRetry.DEFAULT_ATTEMPTS);
  }

  /** A configuration with the lease's timing and a contention budget. */
  static RunnerConfig of(
      String namespace, Clock clock, Duration leaseDuration, Duration leaseWait, int attempts) {
    return new RunnerConfig(
        null,
        namespace,
        null,
        null,
        null,
        clock,
        false,
        true,
        leaseDuration,
        leaseWait,
        Duration.ofSeconds(60),
        event -> {},
        true,
        attempts,
        false,
        java.util.List.of());
  }
}
