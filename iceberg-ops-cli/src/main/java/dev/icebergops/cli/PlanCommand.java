package dev.icebergops.cli;

import dev.icebergops.migration.ChangeClass;
import dev.icebergops.runner.MigrationPreview;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.tooling.ToolSession;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  @Option(
      names = "--fail-on",
      paramLabel = "breaking|destructive",
      description =
          "With --preview: exit "
              + CommandContext.GATED
              + " when a pending version makes a change of this class or worse that its migration"
              + " class does not declare (@Breaking, @Destructive), naming each.")
  String failOn;

  @Override
  void run(ToolSession session, Output output) {
    if (!preview && (markdown || failOn != null)) {
      throw new IllegalArgumentException(
          "Cannot plan: %s needs --preview".formatted(markdown ? "--markdown" : "--fail-on"));
    }
    ChangeClass gate = failOn == null ? null : ChangeClass.gate(failOn);
    MigrationRunner runner = session.runner().build();
    if (preview) {
      preview(runner, gate, output);
      return;
    }
    List<MigrationStatus> pending = runner.plan();
    List<MigrationStatus> blocking =
        runner.status().stream()
            .filter(s -> s.state() == State.FAILED || s.state() == State.INTERRUPTED)
            .toList();
    Map<String, Object> result =
        output.result(
            session.namespace(),
            "pending",
            pending.stream().map(Output::status).toList(),
            "blocking",
            blocking.stream().map(Output::status).toList(),
            "baseline",
            Output.baseline(pending));
    if (pending.isEmpty() && blocking.isEmpty()) {
      output.line("Nothing to apply: " + session.namespace() + " is up to date");
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
                          Output.state(s.state()) + (s.isBaseline() ? " (baseline)" : "")))
              .toList());
      Output.baselineLine(session.namespace(), pending).ifPresent(output::line);
    }
    for (MigrationStatus version : blocking) {
      output.line(
          "migrate refuses to start: %s %s %s; see validate, then repair, rollback or stamp"
              .formatted(
                  version.version(),
                  version.description(),
                  version.state() == State.FAILED ? "failed" : "was interrupted"));
    }
    output.notes(runner, result);
  }

  /**
   * Prints the preview, and the gate's verdict when there is a gate: exits {@link
   * CommandContext#GATED} on an undeclared change.
   */
  private void preview(MigrationRunner runner, ChangeClass gate, Output output) {
    MigrationPreview result = runner.preview();
    Map<String, Object> document = new LinkedHashMap<>(result.asMap());
    output.line(markdown ? result.markdown().stripTrailing() : result.text());
    if (gate != null) {
      List<String> undeclared = result.undeclared(gate);
      document.put("gate", Output.of("failOn", gate.label(), "undeclared", undeclared));
      output.line("");
      if (undeclared.isEmpty()) {
        output.line("Gate --fail-on " + gate.label() + ": no undeclared change");
      } else {
        output.line(
            "Gate --fail-on %s: %s undeclared change%s"
                .formatted(gate.label(), undeclared.size(), undeclared.size() == 1 ? "" : "s"));
        undeclared.forEach(u -> output.line("  " + u));
        exitCode = CommandContext.GATED; // an undeclared change fails the gate
      }
    }
    output.json(document);
  }
}
