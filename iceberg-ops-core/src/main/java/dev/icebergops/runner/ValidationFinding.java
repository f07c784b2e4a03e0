package dev.icebergops.runner;

/**
 * One problem {@link MigrationRunner#validate()} found.
 *
 * @param version the version concerned, or null for a finding about the whole namespace
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
    INTERRUPTED,
    /** A version whose history row was deleted while a later version is recorded. */
    MISSING_FROM_HISTORY,
    /** A namespace that has tables but no history row at all (the history was lost). */
    TABLES_WITHOUT_HISTORY,
    /** A version whose history row another writer left unreadable; repair() removes it. */
    UNREADABLE_ROW
  }

  @Override
  public String toString() {
    return message;
  }
}
