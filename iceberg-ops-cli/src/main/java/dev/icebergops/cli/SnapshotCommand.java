package dev.icebergops.cli;

import dev.icebergops.snapshot.ShapeSnapshot;
import dev.icebergops.tooling.ToolSession;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code snapshot export}: the namespace's shape and history rows, as files for the repository. */
@Command(
    name = "snapshot",
    description =
        "snapshot export: write the current metadata of the namespace's tables (schemas with field"
            + " ids, specs, sort orders, properties; no data, no snapshots, no location) and its"
            + " history rows as JSON files, for @IcebergMigrations(startFrom = ...). Properties"
            + " with a secret-looking name or a signed URL as value are left out (their keys are"
            + " listed in snapshot.json). Reads only.")
final class SnapshotCommand extends SessionCommand {

  @Parameters(
      index = "0",
      paramLabel = "ACTION",
      description = "export (the only action).",
      completionCandidates = Actions.class)
  String action;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description =
          "Where to write the files (default: src/test/resources/snapshots/<namespace> beside the"
              + " config file). Files of tables no longer in the namespace are removed.")
  Path dir;

  @Override
  void run(ToolSession session, Output output) {
    if (!"export".equals(action)) {
      throw new IllegalArgumentException(
          "Cannot run snapshot " + action + ": the only action is export");
    }
    Path target =
        (dir != null
                ? cli.workDir().resolve(dir)
                : session
                    .config()
                    .baseDir()
                    .resolve(Path.of("src", "test", "resources", "snapshots", session.namespace())))
            .normalize();
    ShapeSnapshot snapshot =
        ShapeSnapshot.export(
            session.catalog(), session.namespace(), session.runner().build().historyTable());
    snapshot.writeTo(target);
    output.result(
        session.namespace(),
        "version",
        snapshot.version(),
        "directory",
        target.toString(),
        "tables",
        snapshot.tables(),
        "dropped_properties",
        snapshot.droppedProperties());
    output.line(
        "Exported %s and %s of %s at %s to %s"
            .formatted(
                count(snapshot.tables().size(), "table"),
                count(snapshot.history().size(), "history row"),
                session.namespace(),
                snapshot.version() == null ? "no version" : snapshot.version(),
                target));
    if (!snapshot.droppedProperties().isEmpty()) {
      output.line("Left out as secret: " + String.join(", ", snapshot.droppedProperties()));
    }
  }

  private static String count(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }

  /** The actions, for completion. */
  static final class Actions extends java.util.ArrayList<String> {
    Actions() {
      super(java.util.List.of("export"));
    }
  }
}
