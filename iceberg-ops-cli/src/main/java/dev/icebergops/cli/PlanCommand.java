package dev.icebergops.cli;

import dev.icebergops.runner.MigrationPreview;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.tooling.ToolSession;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code plan}: the versions migrate would apply. */
@Command(
    name = "plan",
    description = "List the versions migrate would apply. Writes nothing; loads every migration.")
final class PlanCommand extends SessionCommand {

  @Option(
      names = "--preview",
      description =
          "Run the pending versions on an in-memory shadow of the live tables and show what each"
              + " would change per table, and the error a version would fail with. Writes"
              + " nothing.")
  boolean preview;

  @Option(
      names = "--markdown",
      description = "With --preview: print the preview as Markdown, for a pull-request comment.")
  boolean markdown;

  @Override
  void run(ToolSession session, Output output) {
    if (markdown && !preview) {
      throw new IllegalArgumentException("Cannot plan: --markdown needs --preview");
    }
    MigrationRunner runner = session.runner().build();
    if (preview) {
      MigrationPreview result = runner.preview();
      output.json(result.asMap());
      output.line(markdown ? result.markdown().stripTrailing() : result.text());
      return;
    }
    List<MigrationStatus> pending = runner.plan();
    List<MigrationStatus> blocking =
        runner.status().stream().filter(PlanCommand::blocksMigrate).toList();
    SetNotes notes = new SetNotes(runner);
    output.result(
        session.namespace(),
        "pending",
        pending.stream().map(Rows::status).toList(),
        "blocking",
        blocking.stream().map(Rows::status).toList(),
        "baseline",
        Rows.baseline(pending),
        "gaps",
        notes.gapsJson(),
        "skipped",
        notes.skippedJson());
    if (pending.isEmpty() && blocking.isEmpty()) {
      output.line("Nothing to apply: " + session.namespace() + " is up to date");
      notes.print(output);
      return;
    }
    if (!pending.isEmpty()) {
      output.table(
          Output.row("VERSION", "DESCRIPTION", "STATE"),
          pending.stream()
              .map(
                  s ->
                      Output.row(
                          s.version(),
                          s.description(),
                          Rows.state(s.state()) + (s.isBaseline() ? " (baseline)" : "")))
              .toList());
      Rows.baselineLine(session.namespace(), pending).ifPresent(output::line);
    }
    for (MigrationStatus version : blocking) {
      output.line(
          "migrate refuses to start: "
              + version.version()
              + " "
              + version.description()
              + (version.state() == MigrationStatus.State.FAILED ? " failed" : " was interrupted")
              + "; see validate, then repair, rollback or stamp");
    }
    notes.print(output);
  }

  private static boolean blocksMigrate(MigrationStatus status) {
    return status.state() == MigrationStatus.State.FAILED
        || status.state() == MigrationStatus.State.INTERRUPTED;
  }
}
