package dev.icebergops.cli;

import java.nio.file.Path;

/** The entry point of {@code java -jar iceberg-ops.jar}. */
public final class Main {

  private Main() {}

  /**
   * Runs the command line in the current directory and exits with its code.
   *
   * @param args the command line, for example {@code migrate --target 0003}
   */
  public static void main(String[] args) {
    if (hasVerbose(args)) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
      System.setProperty("org.slf4j.simpleLogger.log.dev.icebergops.runner", "info");
    }
    int code = new IcebergOpsCli(Path.of(""), System.getenv(), System.out, System.err).run(args);
    System.exit(code);
  }

  private static boolean hasVerbose(String[] args) {
    for (String arg : args) {
      if (arg.equals("-v") || arg.equals("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
