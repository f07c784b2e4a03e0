package dev.icebergops.cli;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.tooling.MigrateSummary;
import dev.icebergops.tooling.ToolSession;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code migrate [--target V]}: validates, then applies the pending versions in one run, and ends
 * with where the namespace is and what the versions cost ({@link MigrateSummary}).
 */
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
    long start = System.nanoTime();
    var runner = session.runner().outOfOrder(outOfOrder.allowed);
    MigrationResult result = versions(runner, "migrate", "Applied", r -> r.migrate(target));
    MigrateSummary.lines(result, Duration.ofNanos(System.nanoTime() - start)).forEach(output::line);
  }
}
