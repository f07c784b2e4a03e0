package dev.icebergops.tooling;

import java.util.List;

/**
 * Thrown when the source files of a {@code filesystem:} migration location do not compile. The
 * message names the first error's file and line; {@link #diagnostics()} holds the compiler's
 * report, one line per entry.
 */
public class MigrationCompileException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final List<String> diagnostics;

  /**
   * Creates the exception.
   *
   * @param message "Cannot compile migration FILE:LINE: reason"
   * @param diagnostics the compiler's report
   */
  public MigrationCompileException(String message, List<String> diagnostics) {
    super(message);
    this.diagnostics = List.copyOf(diagnostics);
  }

  /** The compiler's report, for example {@code V0002__Broken.java:7: error: ';' expected}. */
  public List<String> diagnostics() {
    return diagnostics;
  }
}
