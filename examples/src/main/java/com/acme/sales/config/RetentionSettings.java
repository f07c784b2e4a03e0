package com.acme.sales.config;

import java.time.Duration;

/**
 * How long the sales tables keep their snapshots: the team's configuration, injected into the
 * migrations that need it (see {@code V0007__ClusterOrdersByCustomer}).
 *
 * @param minSnapshots the number of snapshots always kept
 * @param maxSnapshotAge the age after which snapshot expiry may remove a snapshot
 */
public record RetentionSettings(int minSnapshots, Duration maxSnapshotAge) {

  /** What a migration gets when nothing is injected: five snapshots, one week. */
  public static final RetentionSettings DEFAULTS = new RetentionSettings(5, Duration.ofDays(7));

  /**
   * Checks the values.
   *
   * @param minSnapshots at least 1
   * @param maxSnapshotAge positive
   * @throws IllegalArgumentException if a value is out of range
   */
  public RetentionSettings {
    if (minSnapshots < 1) {
      throw new IllegalArgumentException(
          "Cannot use retention settings: minSnapshots must be at least 1, got " + minSnapshots);
    }
    if (maxSnapshotAge == null || maxSnapshotAge.isNegative() || maxSnapshotAge.isZero()) {
      throw new IllegalArgumentException(
          "Cannot use retention settings: maxSnapshotAge must be positive, got " + maxSnapshotAge);
    }
  }
}
