package dev.icebergops.cli;

import dev.icebergops.config.ConfigLoader;
import dev.icebergops.config.IcebergOpsConfig;
import dev.icebergops.redaction.Redaction;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** Runs the {@code iceberg-ops} command line in-process, for the guide's tests. */
public final class CliForDocs {

  /** What one run printed and returned. */
  public record Result(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  private CliForDocs() {}

  /**
   * Runs one command.
   *
   * @param workDir the working directory
   * @param env the environment the command sees
   * @param args the arguments after {@code iceberg-ops}
   * @return the exit code and both outputs
   */
  public static Result run(Path workDir, Map<String, String> env, String... args) {
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

  /**
   * Reads a config file the way every command does.
   *
   * @param file the {@code iceberg-ops.yaml}
   * @param env the environment its {@code ${env:...}} references and overrides come from
   * @return namespace, migrations, contracts, meta-namespace, catalog name and properties
   * @throws IllegalArgumentException if the file is not a valid config
   */
  public static Map<String, Object> loadConfig(Path file, Map<String, String> env) {
    IcebergOpsConfig config = new ConfigLoader(env, new Redaction()).load(file);
    return Map.of(
        "namespace", config.namespace(),
        "migrations", config.migrations(),
        "contracts", config.contracts(),
        "meta-namespace", config.metaNamespace(),
        "catalog.name", config.catalogName(),
        "catalog.properties", config.catalogProperties());
  }
}
