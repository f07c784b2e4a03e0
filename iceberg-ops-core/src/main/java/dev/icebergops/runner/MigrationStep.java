package dev.icebergops.runner;

import java.time.Duration;

/**
 * One version that a run applied, rolled back or stamped.
 *
 * @param version the four-digit version
 * @param description the migration's description
 * @param duration how long its upgrade or downgrade took (zero for a stamp)
 * @param baseline true when the migration run was the version's baseline ({@code B<NNNN>__}), not
 *     its versioned migration
 */
public record MigrationStep(
    String version, String description, Duration duration, boolean baseline) {

  /**
   * A step of a versioned migration, not a baseline.
   *
   * @param version the four-digit version
   * @param description the migration's description
   * @param duration how long its upgrade or downgrade took
   */
  public MigrationStep(String version, String description, Duration duration) {
    this(version, description, duration, false);
  }
}
