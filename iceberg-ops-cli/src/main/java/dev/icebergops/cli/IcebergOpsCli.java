package dev.icebergops.cli;

import dev.icebergops.config.ConfigLoader;
import dev.icebergops.config.IcebergOpsConfig;
import dev.icebergops.redaction.Redaction;
import dev.icebergops.runner.MigrationValidationException;
import dev.icebergops.tooling.Errors;
import dev.icebergops.tooling.MigrationCompileException;
import dev.icebergops.tooling.ToolSession;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code iceberg-ops} command: global options and the subcommands. Construct one per run with
 * the working directory, the environment and the two output streams, then call {@link #run}.
 */
@Command(
    name = "iceberg-ops",
    scope = ScopeType.INHERIT, // -h and -V in every subcommand
    mixinStandardHelpOptions = true,
    versionProvider = IcebergOpsCli.Version.class,
    description = "Versioned schema migrations for Apache Iceberg tables.",
    subcommands = {
      InitCommand.class,
      RevisionCommand.class,
      PlanCommand.class,
      StatusCommand.class,
      CurrentCommand.class,
      HistoryCommand.class,
      MigrateCommand.class,
      RollbackCommand.class,
      StampCommand.class,
      ValidateCommand.class,
      RepairCommand.class,
      UnlockCommand.class,
      CheckCommand.class,
      SnapshotCommand.class
    })
final class IcebergOpsCli implements CommandContext {

  private static final Logger LOG = LoggerFactory.getLogger(IcebergOpsCli.class);

  @Option(
      names = {"-c", "--config"},
      scope = ScopeType.INHERIT,
      paramLabel = "FILE",
      description = "The config file (default: ./iceberg-ops.yaml).")
  Path config;

  @Option(names = "--json", scope = ScopeType.INHERIT, description = "Print results as JSON.")
  boolean json;

  @Option(
      names = {"-v", "--verbose"},
      scope = ScopeType.INHERIT,
      description = "Log progress and print stack traces of errors.")
  boolean verbose;

  @Option(
      names = "--classpath",
      scope = ScopeType.INHERIT,
      split = "[:;]",
      paramLabel = "PATH",
      description =
          "Jars or directories to add: migration classes for a classpath: location, classes"
              + " that filesystem: migrations use, catalog implementations.")
  List<Path> classPath = new ArrayList<>();

  private final Path workDir;

  final Map<String, String> env;
  final PrintStream out;
  final PrintStream err;
  final Redaction redactor;
  private Output output;

  /** Inert unless {@link #guardedBy} hands an installed one. */
  private JvmExitGuard guard = new JvmExitGuard();

  IcebergOpsCli(Path workDir, Map<String, String> env, PrintStream out, PrintStream err) {
    this.workDir = workDir.toAbsolutePath();
    this.env = Map.copyOf(env);
    this.redactor = new Redaction();
    this.out = redactor.wrap(out);
    this.err = redactor.wrap(err);
  }

  /**
   * Runs one command line. Logs (on standard error) and both streams are redacted for the run.
   * Results go to standard output; an error is one {@code Error:} line on standard error (and, with
   * {@code --json}, an {@code error} object in the JSON document on standard output).
   *
   * @return the exit code: 0 on success, 1 on any error, {@value #DRIFT} when {@code check --drift}
   *     finds drift, {@value #GATED} when {@code plan --preview --fail-on} finds an undeclared
   *     change
   */
  int run(String... args) {
    PrintStream systemErr = System.err;
    System.setErr(err); // the logger writes to System.err
    guard.begin(this);
    try {
      CommandLine commandLine = new CommandLine(this);
      commandLine.setOut(new PrintWriter(out, true));
      commandLine.setErr(new PrintWriter(err, true));
      commandLine.setParameterExceptionHandler(
          (e, arguments) -> fail(e, json || List.of(arguments).contains("--json")));
      commandLine.setExecutionExceptionHandler((e, command, parseResult) -> fail(e, json));
      int code = commandLine.execute(args);
      if (code != FAILED && output != null) {
        output.finish(null);
      }
      return code;
    } finally {
      guard.end();
      out.flush();
      err.flush();
      System.setErr(systemErr);
    }
  }

  private int fail(Exception e, boolean asJson) {
    String message = Advice.forCli(Errors.reason(e));
    err.println("Error: " + message);
    if (e instanceof MigrationCompileException compile) {
      compile.diagnostics().forEach(line -> err.println("  " + line));
    } else if (e instanceof MigrationValidationException validation) {
      validation.findings().forEach(f -> err.println("  - " + Advice.forCli(f.message())));
    }
    if (verbose) {
      e.printStackTrace(err);
    }
    if (asJson) {
      (output != null ? output : new Output(out, true)).finish(Output.error(e, message, FAILED));
    }
    return FAILED;
  }

  /**
   * Lets a guard make a JVM exit during {@link #run} a failure of the command (see {@link
   * JvmExitGuard}).
   */
  IcebergOpsCli guardedBy(JvmExitGuard exitGuard) {
    this.guard = exitGuard;
    return this;
  }

  @Override
  public void running(String command, String namespace) {
    guard.command(command, namespace);
  }

  @Override
  public void reportJvmExit(String message, String version) {
    err.println("Error: " + message);
    err.flush();
    if (json) {
      output().finish(Output.of("message", message, "version", version, "exitCode", FAILED));
    }
    out.flush();
  }

  @Override
  public Path configFile() {
    return config != null ? workDir.resolve(config) : workDir.resolve(IcebergOpsConfig.FILE_NAME);
  }

  @Override
  public ToolSession openSession() {
    Path file = configFile();
    if (!Files.exists(file)) {
      throw new IllegalArgumentException(
          "Cannot read config " + file + ": no such file (run iceberg-ops init, or pass --config)");
    }
    IcebergOpsConfig cliConfig = new ConfigLoader(env, redactor).load(file);
    List<Path> entries = classPath.stream().map(workDir::resolve).toList();
    for (Path entry : entries) {
      if (!Files.exists(entry)) {
        throw new IllegalArgumentException(
            "Cannot use class path entry " + entry + ": it does not exist");
      }
    }
    URLClassLoader loader =
        new URLClassLoader(
            "iceberg-ops-classpath", ToolSession.urls(entries), getClass().getClassLoader());
    return new ToolSession(cliConfig, entries, loader, LOG::warn);
  }

  @Override
  public Path workDir() {
    return workDir;
  }

  @Override
  public Output output() {
    if (output == null) {
      output = new Output(out, json);
    }
    return output;
  }

  /** The version from the jar's manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = IcebergOpsCli.class.getPackage().getImplementationVersion();
      return new String[] {"iceberg-ops " + (version == null ? "(development build)" : version)};
    }
  }
}
