package dev.icebergops.runner;

/**
 * One problem {@link MigrationRunner#validate()} found.
 *
 * @param version the version concerned
 * @param kind what kind of problem it is
 * @param message what is wrong and the ways forward
 */
public record ValidationFinding(String version, Kind kind, String message) {

  /** The kinds of problem that stop {@code migrate()}. */
  public enum Kind {
    /** A pending version below the highest applied one, refused unless {@code outOfOrder(true)}. */
    OUT_OF_ORDER,
    /** An applied version whose class is gone. */
    MISSING_CLASS,
    /** An applied version whose class changed since it was applied. */
    CHECKSUM_CHANGED,
    /** A version whose upgrade failed. */
    FAILED,
    /** A version whose run died during its upgrade or downgrade. */
    INTERRUPTED
  }

  @Override
  public String toString() {
    return message;
  }
}
