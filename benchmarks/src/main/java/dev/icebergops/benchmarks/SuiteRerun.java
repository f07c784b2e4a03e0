package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of a MigrationSuite class in a JVM of its own, as a developer's re-run of one test class
 * is (B5R): the warm-up class starts the environment, then the suite runs and its time is recorded.
 */
public final class SuiteRerun {

  /** The system property of the directory the suite reports go to. */
  private static final String REPORT_DIR = "iceberg-ops.report.dir";

  private SuiteRerun() {}

  /**
   * Runs the suite and records its time.
   *
   * @param args the suite's class name and the key of its figure
   */
  public static void main(String[] args) throws Exception {
    FixtureRuns runs =
        FixtureRuns.run(
            Thread.currentThread().getContextClassLoader(), List.of(CostFixtures.WARM_UP, args[0]));
    Results.emit(args[1], runs.classNanos(args[0]) / 1_000_000.0);
  }

  /**
   * Runs {@link #main} in a new JVM on this JVM's class path, working in {@code dir}.
   *
   * @throws IllegalStateException if it fails
   */
  static void launch(Path dir, String heap, String suite, String key)
      throws IOException, InterruptedException {
    Path log = dir.resolve("suite-rerun.log");
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap,
                "-D" + Results.FILE_PROPERTY + "=" + System.getProperty(Results.FILE_PROPERTY),
                "-D" + REPORT_DIR + "=" + System.getProperty(REPORT_DIR, dir.toString()),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                SuiteRerun.class.getName(),
                suite,
                key)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    int status = process.waitFor();
    if (status != 0) {
      throw new IllegalStateException(
          "Cannot measure "
              + key
              + ": the JVM running "
              + suite
              + " exited "
              + status
              + "; see "
              + log);
    }
  }
}
