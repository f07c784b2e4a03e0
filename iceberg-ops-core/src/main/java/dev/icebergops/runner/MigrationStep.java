package dev.icebergops.runner;

import java.time.Duration;

/**
 * One version that a run applied, rolled back or stamped.
 *
 * @param version the four-digit version
 * @param description the migration's description
 * @param duration how long its upgrade or downgrade took (zero for a stamp)
 */
public record MigrationStep(String version, String description, Duration duration) {}
