package dev.icebergops.runner;

/**
 * Thrown when a migration run stops: a failing upgrade or hook, a missing migration class, an
 * unknown target. The message names the version and the namespace.
 */
public class MigrationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String version;

  /**
   * Creates the exception.
   *
   * @param version the version concerned, or null when the run as a whole failed
   * @param message what went wrong, in the form "Cannot ...: reason"
   * @param cause the underlying error, or null
   */
  public MigrationException(String version, String message, Throwable cause) {
    super(message, cause);
    this.version = version;
  }

  /** The version concerned, or null when the run as a whole failed. */
  public String version() {
    return version;
  }
}
