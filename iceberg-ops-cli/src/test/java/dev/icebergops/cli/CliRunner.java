package dev.icebergops.cli;

import dev.icebergops.testsupport.MigrationSources;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs the command line in-process in a working directory, capturing both streams; the CLI's tests
 * and the guide's (through this module's test jar).
 */
public final class CliRunner {

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
}
