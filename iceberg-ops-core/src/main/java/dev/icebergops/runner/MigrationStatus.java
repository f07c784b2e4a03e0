package dev.icebergops.runner;

import java.time.Instant;

/**
 * The state of one version in one namespace, as {@link MigrationRunner#status()} reports it.
 *
 * @param version the four-digit version
 * @param description the migration's description (from history when its class is missing)
 * @param state applied, pending, failed, rolled back, missing, running, interrupted, below the
 *     baseline, missing from history or unreadable
 * @param updatedAt when the state was last recorded, or null if never
 * @param error the error text of the last failure, or null
 * @param checksumChanged true when an applied migration's class changed since it was applied
 * @param baselineVersion the version of the baseline migration that built this version's state (for
 *     the baseline's own version and for the versions {@link State#BELOW_BASELINE} it covers), or,
 *     in a namespace without history, the baseline {@code migrate()} would apply; null when the
 *     versioned migrations do
 * @param staged where the branches stand that a staged data step of a failed, running or
 *     interrupted version wrote, for example {@code staged on branch B of ns.payments: audited, not
 *     published}; null when it names none
 */
public record MigrationStatus(
    String version,
    String description,
    State state,
    Instant updatedAt,
    String error,
    boolean checksumChanged,
    String baselineVersion,
    String staged) {

  /**
   * What a status line notes beside the state: that the class changed since it was applied, the
   * baseline that covers it, that it is the baseline, or the staged data branches it left and the
   * last failure's error.
   *
   * @return the note, or null when there is nothing to note
   */
  public String note() {
    if (checksumChanged) {
      return "class changed since it was applied";
    }
    if (state == State.BELOW_BASELINE) {
      return "covered by baseline " + baselineVersion;
    }
    if (isBaseline() && error == null) {
      return "baseline";
    }
    if (staged != null) {
      return error == null ? staged : staged + "; " + error;
    }
    return error;
  }

  /** This status with the staged data branches its version left. */
  MigrationStatus withStaged(String branches) {
    return new MigrationStatus(
        version, description, state, updatedAt, error, checksumChanged, baselineVersion, branches);
  }

  /**
   * Whether this version is (or would be) built by its baseline migration rather than by its
   * versioned one: true for the baseline's own version.
   *
   * @return true for the version of the baseline in use
   */
  public boolean isBaseline() {
    return baselineVersion != null
        && baselineVersion.equals(version)
        && state != State.BELOW_BASELINE;
  }

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
    INTERRUPTED,
    /**
     * Below the baseline migration that built (or, in a namespace without history, will build) the
     * namespace's state: {@code migrate} does not run it, and validation does not look for it; its
     * state is part of the baseline's ({@link MigrationStatus#baselineVersion()} names it).
     */
    BELOW_BASELINE,
    /**
     * Its history row is gone (another writer deleted it: an earlier snapshot of the history table
     * has it) while a later version is recorded: {@code migrate} does not apply it again, and
     * {@code validate} reports it. Stamp it once its tables are checked.
     */
    MISSING_FROM_HISTORY,
    /**
     * Another writer left its history row unreadable (an unknown status, a null where a value is
     * needed): {@link MigrationStatus#error()} holds why and the raw values. {@code migrate}
     * refuses to start until {@code repair} removes the row.
     */
    UNREADABLE;

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
