package dev.icebergops.cli;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.runner.MigrationStep;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code migrate [--target V]}: applies the pending versions one at a time, so that each prints its
 * progress line as soon as it is done.
 */
@Command(
    name = "migrate",
    mixinStandardHelpOptions = true,
    description = "Apply the pending versions in order (up to --target).")
final class MigrateCommand extends SessionCommand {

  @Option(names = "--target", paramLabel = "VERSION", description = "The highest version to apply.")
  String target;

  @Override
  void run(Session session, Output output) {
    MigrationRunner runner = session.runner();
    List<MigrationStatus> status = runner.status();
    List<String> known = status.stream().map(MigrationStatus::version).toList();
    if (target != null && !known.contains(target)) {
      throw new IllegalArgumentException(
          "Cannot migrate "
              + session.namespace()
              + " to "
              + target
              + ": no migration has that version (known: "
              + (known.isEmpty() ? "none" : String.join(", ", known))
              + ")");
    }
    List<String> pending = new ArrayList<>();
    for (MigrationStatus s : status) {
      if (s.state().isPending() && (target == null || s.version().compareTo(target) <= 0)) {
        pending.add(s.version());
      }
    }
    List<MigrationStep> steps = new ArrayList<>();
    for (String version : pending) {
      MigrationResult one = runner.migrate(version);
      Rows.progress(output, "Applied", one.steps());
      steps.addAll(one.steps());
    }
    MigrationResult result =
        new MigrationResult(session.namespace(), steps, runner.current().orElse(null));
    output.json(Rows.result("migrate", result));
    output.line(
        steps.isEmpty()
            ? "Nothing to apply: "
                + session.namespace()
                + " is at "
                + result.current().orElse("none")
            : session.namespace() + " is now at " + result.current().orElse("none"));
  }
}
