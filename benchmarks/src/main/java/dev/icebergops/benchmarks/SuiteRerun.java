package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of a test class in a JVM of its own, as a developer's re-run of one test class is (B5R's
 * MigrationSuite classes, B2W's classes of tests): the warm-up class starts the environment, then
 * the class runs and its time is recorded, and, when keys for them are given, its first test's and
 * each following test's.
 */
public final class SuiteRerun {

  /** The system property of the directory the suite reports go to. */
  private static final String REPORT_DIR = "iceberg-ops.report.dir";

  private SuiteRerun() {}

  /**
   * Runs the class and records its time.
   *
   * @param args the class's name and the key of its figure, then optionally the keys of its first
   *     test's and of its following tests' figures
   */
  public static void main(String[] args) throws Exception {
    FixtureRuns runs =
        FixtureRuns.run(
            Thread.currentThread().getContextClassLoader(), List.of(CostFixtures.WARM_UP, args[0]));
    Results.emit(args[1], runs.classNanos(args[0]) / 1_000_000.0);
    List<Long> tests = runs.testNanos(args[0]);
    for (int i = 0; args.length > 3 && i < tests.size(); i++) {
      Results.emit(args[i == 0 ? 2 : 3], tests.get(i) / 1_000_000.0);
    }
  }

  /**
   * Runs {@link #main} with {@code keys} (the class's, then optionally its tests') in a new JVM on
   * this JVM's class path, working in {@code dir}: its template cache is the default one there.
   *
   * @throws IllegalStateException if it fails
   */
  static void launch(Path dir, String heap, String suite, String... keys)
      throws IOException, InterruptedException {
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap,
                "-D" + Results.FILE_PROPERTY + "=" + System.getProperty(Results.FILE_PROPERTY),
                "-D" + REPORT_DIR + "=" + System.getProperty(REPORT_DIR, dir.toString()),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                SuiteRerun.class.getName(),
                suite));
    command.addAll(List.of(keys));
    Path log = dir.resolve("suite-rerun.log");
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    int status = process.waitFor();
    if (status != 0) {
      throw new IllegalStateException(
          "Cannot measure "
              + keys[0]
              + ": the JVM running "
              + suite
              + " exited "
              + status
              + "; see "
              + log);
    }
  }
}
