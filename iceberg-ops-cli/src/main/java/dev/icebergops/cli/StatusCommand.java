package dev.icebergops.cli;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.tooling.TextTable;
import dev.icebergops.tooling.ToolSession;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code status}: every version and where it stands. */
@Command(
    name = "status",
    description = "Show every version's state. Writes nothing; loads every migration.")
final class StatusCommand extends SessionCommand {

  @Override
  void run(ToolSession session, Output output) {
    MigrationRunner runner = session.runner().build();
    List<MigrationStatus> status = runner.status();
    Map<String, Object> result =
        output.result(
            session.namespace(),
            "versions",
            status.stream().map(Output::status).toList(),
            "baseline",
            Output.baseline(status));
    if (status.isEmpty()) {
      output.line("No migrations for " + session.namespace());
    } else {
      TextTable.versions(status, MigrationStatus::note).forEach(output::line);
      Output.baselineLine(session.namespace(), status).ifPresent(output::line);
    }
    output.notes(runner, result);
  }
}
