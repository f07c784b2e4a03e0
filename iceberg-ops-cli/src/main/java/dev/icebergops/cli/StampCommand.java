package dev.icebergops.cli;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.tooling.ToolSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code stamp V}: records versions as applied without running them. */
@Command(
    name = "stamp",
    description =
        "Record every version up to VERSION as applied without running it, to adopt existing"
            + " tables. The live schema is not checked.")
final class StampCommand extends SessionCommand {

  @Parameters(paramLabel = "VERSION", description = "The version to stamp up to.")
  String version;

  @Override
  void run(ToolSession session, Output output) {
    MigrationResult result = versions(session.runner(), "stamp", "Stamped", r -> r.stamp(version));
    output.line(session.namespace() + " is now at " + result.current().orElse("none"));
  }
}
