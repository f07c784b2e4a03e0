package dev.icebergops.cli;

import dev.icebergops.testsupport.MigrationSources;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the command line in-process in a working directory, capturing both streams; the CLI's tests
 * and the guide's (through this module's test jar).
 */
public final class CliRunner {

  /** The hang bound of docs/reliability.md ("Under load"): it ends a real hang, not a slow run. */
  private static final long HANG_MINUTES = 10;

  /** What one run printed and returned. */
  public record Result(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  private final Path workDir;
  private final Map<String, String> env = new HashMap<>();

  /** A runner whose commands work in {@code workDir}. */
  public CliRunner(Path workDir) {
    this.workDir = workDir;
  }

  /** Sets an environment variable the commands see. */
  public CliRunner env(String name, String value) {
    env.put(name, value);
    return this;
  }

  /**
   * Writes {@code migrations/<className>.java}: a migration whose upgrade runs {@code upgradeBody}
   * and whose downgrade does nothing.
   */
  public void migration(String className, String upgradeBody) throws IOException {
    migration(className, upgradeBody, "");
  }

  /**
   * Writes {@code migrations/<className>.java}: a migration whose upgrade runs {@code upgradeBody}
   * and whose downgrade runs {@code downgradeBody} (Iceberg's types by their full names).
   */
  public void migration(String className, String upgradeBody, String downgradeBody)
      throws IOException {
    MigrationSources.write(workDir.resolve("migrations"), className, upgradeBody, downgradeBody);
  }

  /** Runs one command: the arguments after {@code iceberg-ops}. */
  public Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        new IcebergOpsCli(
                workDir,
                env,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .run(args);
    return new Result(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Launches {@link Main} from the test class path, for {@link #launch}. */
  public static List<String> onTestClassPath() {
    return List.of("-cp", System.getProperty("java.class.path"), Main.class.getName());
  }

  /**
   * Runs one command in its own JVM, in the working directory, with the environment variables set
   * here: {@code java <flags> <launcher> <args>}, the launcher {@link #onTestClassPath()} or {@code
   * -jar} and a packaged jar.
   *
   * @throws IllegalStateException if the command still runs after the hang bound
   */
  public Result launch(List<String> launcher, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // a command lives for seconds: C1 alone and the serial collector, as the core's child JVMs
    // (ChildJvm), leave the CPU of a two-core machine to the command rather than C2 and G1
    command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
    command.addAll(launcher);
    command.addAll(List.of(args));
    Path out = Files.createTempFile("iceberg-ops-cli-out", ".txt");
    Path err = Files.createTempFile("iceberg-ops-cli-err", ".txt");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(workDir.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(HANG_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "Cannot wait for " + command + ": still running after " + HANG_MINUTES + " min");
      }
      return new Result(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
