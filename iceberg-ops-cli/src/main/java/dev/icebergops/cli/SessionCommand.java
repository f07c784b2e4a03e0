package dev.icebergops.cli;

import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.tooling.ToolSession;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** A subcommand that works on the configured catalog and migrations. */
abstract class SessionCommand implements Callable<Integer> {

  @ParentCommand CommandContext cli;

  @Spec CommandSpec spec;

  /** The exit code of a command that ends without error: 0 unless the command sets another. */
  int exitCode;

  @Override
  public final Integer call() throws Exception {
    try (ToolSession session = cli.openSession()) {
      cli.running(spec.name(), session.namespace());
      run(session, cli.output());
    }
    return exitCode;
  }

  abstract void run(ToolSession session, Output output) throws Exception;

  /**
   * Runs a migrate, rollback or stamp, with a progress line per version done ({@code verb} it, as
   * {@code Applied}) and its result as JSON. When it stops at a failure with the namespace at a
   * known version, that is still a result: the line saying where the namespace is goes to standard
   * output (after the versions done), the JSON result beside the error; then the failure is
   * rethrown for the {@code Error:} line.
   */
  MigrationResult versions(
      MigrationRunner.Builder builder,
      String action,
      String verb,
      Function<MigrationRunner, MigrationResult> run) {
    Output output = cli.output();
    MigrationRunner runner = builder.onEvent(e -> output.progress(verb, e)).build();
    try {
      MigrationResult result = run.apply(runner);
      output.json(Output.runResult(action, result));
      return result;
    } catch (MigrationException e) {
      MigrationResult partial = e.partialResult();
      if (!partial.steps().isEmpty() || partial.current().isPresent()) {
        output.json(Output.runResult(action, partial));
        output.line(
            partial.namespace()
                + (partial.steps().isEmpty() ? " is still at " : " is now at ")
                + partial.current().orElse("none"));
      }
      throw e;
    }
  }
}
