package dev.icebergops.cli;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.tooling.ToolSession;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rollback [--steps N | --target V]}: runs downgrades, newest first. */
@Command(
    name = "rollback",
    description =
        "Roll back the newest applied version (or --steps N of them, or every one above --target;"
            + " --target 0000 rolls back all).")
final class RollbackCommand extends SessionCommand {

  @ArgGroup(exclusive = true)
  Bound bound;

  static final class Bound {
    @Option(names = "--steps", paramLabel = "N", description = "How many versions to roll back.")
    Integer steps;

    @Option(names = "--target", paramLabel = "VERSION", description = "The version to end at.")
    String target;
  }

  @Override
  void run(ToolSession session, Output output) {
    MigrationResult result =
        versions(
            session.runner(),
            "rollback",
            "Rolled back",
            runner ->
                bound != null && bound.target != null
                    ? runner.rollbackTo(bound.target)
                    : runner.rollback(bound != null && bound.steps != null ? bound.steps : 1));
    output.line(
        (result.steps().isEmpty()
                ? "Nothing to roll back: " + session.namespace() + " is at "
                : session.namespace() + " is now at ")
            + result.current().orElse("none"));
  }
}
