package dev.icebergops.history;

/**
 * Thrown when another writer changed a namespace's history since the state a write was based on, or
 * a row was not in the state its writer expected. Nothing was written then.
 */
public class HistoryConflictException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what conflicted, in the form "Cannot ...: reason"
   * @param cause the underlying commit error, or null
   */
  public HistoryConflictException(String message, Throwable cause) {
    super(message, cause);
  }
}
