package dev.icebergops.cli;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.tooling.ToolSession;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code history}: the history table's rows for the namespace. */
@Command(
    name = "history",
    description = "Show the history rows of the namespace. Loads no migration.")
final class HistoryCommand extends SessionCommand {

  @Override
  void run(ToolSession session, Output output) {
    List<HistoryRecord> rows = session.runner().build().history();
    output.result(session.namespace(), "history", rows.stream().map(Output::history).toList());
    if (rows.isEmpty()) {
      output.line("No history for " + session.namespace());
      return;
    }
    output.table(
        Output.row("VERSION", "STATUS", "UPDATED", "DURATION", "DESCRIPTION", "ERROR"),
        rows.stream()
            .map(
                r ->
                    Output.row(
                        r.version(),
                        r.status().value(),
                        Output.time(r.updatedAt()),
                        r.durationMs() + " ms",
                        r.description(),
                        r.error()))
            .toList());
  }
}
