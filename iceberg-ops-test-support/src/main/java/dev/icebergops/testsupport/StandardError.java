package dev.icebergops.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What an action writes to standard error, where slf4j-simple logs in tests. */
public final class StandardError {

  private StandardError() {}

  /**
   * Runs the action with standard error captured, and restores it afterwards.
   *
   * @param action what to run
   * @return what the action wrote to standard error
   */
  public static String capture(Runnable action) {
    PrintStream original = System.err;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try (PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
      System.setErr(capture);
      action.run();
    } finally {
      System.setErr(original);
    }
    return buffer.toString(StandardCharsets.UTF_8);
  }
}
