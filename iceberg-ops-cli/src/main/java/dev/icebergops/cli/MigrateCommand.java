package dev.icebergops.cli;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.tooling.ToolSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code migrate [--target V]}: validates, then applies the pending versions in one run. */
@Command(
    name = "migrate",
    description =
        "Validate, then apply the pending versions in order (up to --target), holding the"
            + " namespace's run lease.")
final class MigrateCommand extends SessionCommand {

  @Option(names = "--target", paramLabel = "VERSION", description = "The highest version to apply.")
  String target;

  @Mixin OutOfOrderOption outOfOrder;

  @Override
  void run(ToolSession session, Output output) {
    MigrationResult result =
        versions(session, output, "migrate", "Applied", outOfOrder.allowed, r -> r.migrate(target));
    output.line(
        (result.steps().isEmpty()
                ? "Nothing to apply: " + session.namespace() + " is at "
                : session.namespace() + " is now at ")
            + result.current().orElse("none")
            + result.baseline().map(b -> " (from baseline " + b + ")").orElse(""));
  }
}
