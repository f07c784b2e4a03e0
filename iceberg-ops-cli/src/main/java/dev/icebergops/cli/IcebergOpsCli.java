package dev.icebergops.cli;

import dev.icebergops.migration.MigrationCompileException;
import dev.icebergops.runner.MigrationValidationException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
      CheckCommand.class
    })
final class IcebergOpsCli {

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

  final Path workDir;
  final Map<String, String> env;
  final PrintStream out;
  final PrintStream err;
  final Redactor redactor;

  IcebergOpsCli(Path workDir, Map<String, String> env, PrintStream out, PrintStream err) {
    this.workDir = workDir.toAbsolutePath();
    this.env = Map.copyOf(env);
    this.redactor = new Redactor();
    this.out = redactor.wrap(out);
    this.err = redactor.wrap(err);
  }

  /**
   * Runs one command line. Logs (on standard error) and both streams are redacted for the run.
   *
   * @return the exit code: 0 on success, 1 on any error
   */
  int run(String... args) {
    PrintStream systemErr = System.err;
    System.setErr(err); // the logger writes to System.err
    try {
      CommandLine commandLine = new CommandLine(this);
      commandLine.setOut(new PrintWriter(out, true));
      commandLine.setErr(new PrintWriter(err, true));
      commandLine.setParameterExceptionHandler(
          (e, arguments) -> {
            err.println("Error: " + Errors.reason(e));
            return 1;
          });
      commandLine.setExecutionExceptionHandler(
          (e, command, parseResult) -> {
            report(e);
            return 1;
          });
      return commandLine.execute(args);
    } finally {
      out.flush();
      err.flush();
      System.setErr(systemErr);
    }
  }

  private void report(Exception e) {
    err.println("Error: " + Errors.reason(e));
    if (e instanceof MigrationCompileException compile) {
      compile.diagnostics().forEach(line -> err.println("  " + line));
    } else if (e instanceof MigrationValidationException validation) {
      validation.findings().forEach(finding -> err.println("  - " + finding.message()));
    }
    if (verbose) {
      e.printStackTrace(err);
    }
  }

  /** The config file: --config, else iceberg-ops.yaml in the working directory. */
  Path configFile() {
    return config != null ? workDir.resolve(config) : workDir.resolve(CliConfig.FILE_NAME);
  }

  Session openSession() {
    CliConfig cliConfig = new ConfigLoader(env, redactor).load(configFile());
    return new Session(cliConfig, classPath.stream().map(workDir::resolve).toList());
  }

  Output output() {
    return new Output(out, json);
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
