package dev.icebergops.cli;

import dev.icebergops.runner.MigrationStatus;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code plan}: the versions migrate would apply. */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description = "List the versions migrate would apply. Writes nothing; loads every migration.")
final class PlanCommand extends SessionCommand {

  @Override
  void run(Session session, Output output) {
    List<MigrationStatus> pending = session.runner().plan();
    output.json(
        Rows.of(
            "namespace",
            session.namespace(),
            "pending",
            pending.stream().map(Rows::status).toList()));
    if (pending.isEmpty()) {
      output.line("Nothing to apply: " + session.namespace() + " is up to date");
      return;
    }
    output.table(
        Output.row("VERSION", "DESCRIPTION", "STATE"),
        pending.stream()
            .map(s -> Output.row(s.version(), s.description(), Rows.state(s.state())))
            .toList());
  }
}
