package dev.icebergops.cli;

import java.nio.file.Path;
import java.util.Arrays;

/** The entry point of {@code java -jar iceberg-ops.jar}. */
public final class Main {

  private static final String LOG_PREFIX = "org.slf4j.simpleLogger.log.";

  private Main() {}

  /**
   * Runs the command line in the current directory and exits with its code.
   *
   * @param args the command line, for example {@code migrate --target 0003}
   */
  public static void main(String[] args) {
    if (Arrays.stream(args).anyMatch(arg -> arg.equals("-v") || arg.equals("--verbose"))) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
      // progress, not Iceberg's metrics report of every scan and commit: ToolSession keeps its
      // default reporter at WARN (a reporter the catalog's properties name still gets them)
      System.setProperty(LOG_PREFIX + "dev.icebergops.runner", "info");
    }
    JvmExitGuard guard = JvmExitGuard.install();
    int code =
        new IcebergOpsCli(Path.of(""), System.getenv(), System.out, System.err)
            .guardedBy(guard)
            .run(args);
    System.exit(code);
  }
}
