package dev.icebergops.history;

/**
 * Thrown when a write is based on a state read from the history table and that table no longer
 * exists (it was dropped since). The table is not created again: a new table would hold only this
 * write's rows, and the versions recorded before would read as never applied. Nothing was written.
 */
public class HistoryTableMissingException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String table;

  /**
   * Creates the exception.
   *
   * @param table the history table's identifier, for example {@code _iceberg_ops.migration_history}
   * @param message what could not be done, in the form "Cannot ...: reason"
   * @param cause the catalog's error, or null
   */
  public HistoryTableMissingException(String table, String message, Throwable cause) {
    super(message, cause);
    this.table = table;
  }

  /** The identifier of the history table that no longer exists. */
  public String table() {
    return table;
  }
}
