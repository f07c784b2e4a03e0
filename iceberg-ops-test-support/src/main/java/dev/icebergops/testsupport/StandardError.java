package dev.icebergops.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What an action writes to standard error, where slf4j-simple logs in tests. */
public final class StandardError {

  /**
   * An action whose output is captured; it may throw what the test around it declares.
   *
   * @param <E> what the action may throw
   */
  @FunctionalInterface
  public interface Action<E extends Exception> {
    /**
     * Runs the action.
     *
     * @throws E when the action fails
     */
    void run() throws E;
  }

  private StandardError() {}

  /**
   * Runs the action with standard error captured, and restores it afterwards.
   *
   * @param action what to run
   * @param <E> what the action may throw
   * @return what the action wrote to standard error
   * @throws E what the action threw
   */
  public static <E extends Exception> String capture(Action<E> action) throws E {
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
