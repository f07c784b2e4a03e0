package dev.icebergops.runner;

/**
 * Thrown when another run changed the same (version, namespace) history row, or a migration's own
 * commit lost to a concurrent commit. Nothing is recorded for that version by the losing run.
 */
public class ConcurrentMigrationException extends MigrationException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param version the version concerned
   * @param message what was contended, in the form "Cannot ...: reason"
   * @param cause the underlying commit error, or null
   */
  public ConcurrentMigrationException(String version, String message, Throwable cause) {
    super(version, message, cause);
  }
}
