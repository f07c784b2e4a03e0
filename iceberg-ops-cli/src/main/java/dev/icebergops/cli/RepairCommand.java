package dev.icebergops.cli;

import dev.icebergops.runner.RepairResult;
import dev.icebergops.tooling.ToolSession;
import picocli.CommandLine.Command;

/** {@code repair}: the operator's way out of a failed, interrupted or edited version. */
@Command(
    name = "repair",
    description =
        "Accept the current checksum of every edited applied version and mark every failed or"
            + " interrupted version pending (fix its tables first, or stamp it instead).")
final class RepairCommand extends SessionCommand {

  @Override
  void run(ToolSession session, Output output) {
    RepairResult result = session.runner().build().repair();
    output.result(
        result.namespace(),
        "changes",
        result.changes().stream()
            .map(
                c ->
                    Rows.of(
                        "version", c.version(),
                        "description", c.description(),
                        "change", c.change()))
            .toList());
    if (result.changes().isEmpty()) {
      output.line("Nothing to repair in " + session.namespace());
    }
    result
        .changes()
        .forEach(
            c ->
                output.line("Repaired " + c.version() + " " + c.description() + ": " + c.change()));
  }
}
