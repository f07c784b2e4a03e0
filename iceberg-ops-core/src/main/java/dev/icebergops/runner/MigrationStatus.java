package dev.icebergops.runner;

import java.time.Instant;

/**
 * The state of one version in one namespace, as {@link MigrationRunner#status()} reports it.
 *
 * @param version the four-digit version
 * @param description the migration's description (from history when its class is missing)
 * @param state applied, pending, failed, rolled back, missing, running or interrupted
 * @param updatedAt when the state was last recorded, or null if never
 * @param error the error text of the last failure, or null
 * @param checksumChanged true when an applied migration's class changed since it was applied
 */
public record MigrationStatus(
    String version,
    String description,
    State state,
    Instant updatedAt,
    String error,
    boolean checksumChanged) {

  /** Where a version stands. */
  public enum State {
    /** Never run: {@code migrate} will apply it. */
    PENDING,
    /** Applied (or stamped). */
    APPLIED,
    /**
     * The last upgrade or downgrade failed. {@code migrate} refuses to start until it is rolled
     * back, repaired or stamped (or applies it again when validation on migrate is off).
     */
    FAILED,
    /** Rolled back; {@code migrate} will apply it again. */
    ROLLED_BACK,
    /** Applied according to history, but no migration class has this version any more. */
    MISSING,
    /** A run holding the namespace's lease is applying or rolling it back now. */
    RUNNING,
    /**
     * A run died while applying or rolling it back; what it committed may be half done. {@code
     * migrate} refuses to start until it is rolled back, repaired or stamped.
     */
    INTERRUPTED;

    /**
     * True for the states that {@code migrate} applies as they are: never run, or rolled back. A
     * failed or interrupted version is not pending: it stops {@code migrate} until an operator
     * decides.
     */
    public boolean isPending() {
      return this == PENDING || this == ROLLED_BACK;
    }

    /** True for applied versions, those whose class is gone included. */
    public boolean isApplied() {
      return this == APPLIED || this == MISSING;
    }
  }
}
