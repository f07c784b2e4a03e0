package dev.icebergops.cli;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.RepairResult;
import dev.icebergops.runner.StagedRepair;
import dev.icebergops.tooling.ToolSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code repair}: the operator's way out of a failed, interrupted or edited version. */
@Command(
    name = "repair",
    description =
        "Accept the current checksum of every edited applied version and mark every failed or"
            + " interrupted version pending (fix its tables first, or stamp it instead). A staged"
            + " data branch such a version left unpublished is refused unless --staged says what"
            + " to do with it.")
final class RepairCommand extends SessionCommand {

  @Option(
      names = "--staged",
      paramLabel = "publish|drop",
      description =
          "What to do with the branches staged data steps of failed or interrupted versions left"
              + " unpublished: publish an audited branch onto main (the next migrate does not"
              + " write it again), or drop it (the next migrate stages again).")
  String staged;

  @Override
  void run(ToolSession session, Output output) {
    MigrationRunner runner = session.runner().build();
    RepairResult result =
        staged == null
            ? runner.repair()
            : runner.repair(StagedRepair.named(staged, "--staged", session.namespace()));
    output.result(
        result.namespace(),
        "changes",
        result.changes().stream()
            .map(
                c ->
                    Output.of(
                        "version", c.version(),
                        "description", c.description(),
                        "change", c.change()))
            .toList());
    if (result.changes().isEmpty()) {
      output.line("Nothing to repair in " + session.namespace());
    }
    for (RepairResult.Change c : result.changes()) {
      output.line("Repaired " + c.version() + " " + c.description() + ": " + c.change());
    }
  }
}
