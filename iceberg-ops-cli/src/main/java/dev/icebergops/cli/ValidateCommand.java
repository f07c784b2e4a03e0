package dev.icebergops.cli;

import dev.icebergops.runner.MigrationValidationException;
import dev.icebergops.runner.ValidationFinding;
import dev.icebergops.tooling.ToolSession;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code validate}: the checks migrate runs first, on their own. */
@Command(
    name = "validate",
    description =
        "Check the migrations against the history: out-of-order, missing, edited, failed and"
            + " interrupted versions. Writes nothing; exits 1 on any finding.")
final class ValidateCommand extends SessionCommand {

  @Mixin OutOfOrderOption outOfOrder;

  @Override
  void run(ToolSession session, Output output) {
    try {
      session.runner().outOfOrder(outOfOrder.allowed).build().validate();
    } catch (MigrationValidationException e) {
      List<ValidationFinding> findings = e.findings();
      output.table(
          Output.row("VERSION", "PROBLEM", "DETAIL"),
          findings.stream()
              .map(f -> Output.row(f.version(), Output.state(f.kind()), Advice.forCli(f.message())))
              .toList());
      output.result(session.namespace(), "findings", Output.findings(findings));
      output.line(
          "Invalid: %s has %s problem%s"
              .formatted(session.namespace(), findings.size(), findings.size() == 1 ? "" : "s"));
      output.notes(session.runner().build(), null);
      // the findings are the result, shown above: the error is their count only
      throw new IllegalStateException(e.getMessage().lines().findFirst().orElse(""));
    }
    output.result(session.namespace(), "findings", List.of());
    output.line(
        "Valid: %s has no out-of-order, missing, edited, failed or interrupted version"
            .formatted(session.namespace()));
    output.notes(session.runner().build(), null);
  }
}
