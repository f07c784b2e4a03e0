package dev.icebergops.cli;

import dev.icebergops.tooling.ToolSession;
import picocli.CommandLine.Command;

/** {@code current}: the highest applied version. */
@Command(
    name = "current",
    description = "Print the highest applied version. Reads the history table only.")
final class CurrentCommand extends SessionCommand {

  @Override
  void run(ToolSession session, Output output) {
    String current = session.runner().build().current().orElse(null);
    output.result(session.namespace(), "current", current);
    output.line(current == null ? "none" : current);
  }
}
