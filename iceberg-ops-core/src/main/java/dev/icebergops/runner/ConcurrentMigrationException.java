package dev.icebergops.runner;

/**
 * Thrown when another run holds the namespace's run lease, took it over from this run, or changed
 * the same history rows; or when a migration's own commit lost to a concurrent commit. The message
 * names the run that holds the lease and since when.
 */
public class ConcurrentMigrationException extends MigrationException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param version the version concerned, or null for the run as a whole
   * @param message what was contended, in the form "Cannot ...: reason"
   * @param cause the underlying commit error, or null
   */
  public ConcurrentMigrationException(String version, String message, Throwable cause) {
    super(version, message, cause);
  }
}
