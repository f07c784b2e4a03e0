package dev.icebergops.tooling;

/**
 * Turns an exception into the one line the command line, the Maven plugin and the configuration
 * file's errors show.
 */
public final class Errors {

  private Errors() {}

  /**
   * The exception's message, followed by its root cause's when that adds something (a connection
   * refused under a REST error, say); only the first line.
   *
   * @param e the exception
   * @return one line
   */
  public static String reason(Throwable e) {
    String message = firstLine(e);
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root != e) {
      String rootMessage = firstLine(root);
      if (!message.contains(rootMessage)) {
        message = message + ": " + rootMessage;
      }
    }
    return message;
  }

  private static String firstLine(Throwable e) {
    if (e instanceof java.nio.file.NoSuchFileException missing) {
      return "Cannot read " + missing.getFile() + ": no such file";
    }
    String message = e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName();
    }
    return message.lines().findFirst().orElse("").strip();
  }
}
