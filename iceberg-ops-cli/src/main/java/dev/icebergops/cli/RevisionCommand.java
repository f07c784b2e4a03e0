package dev.icebergops.cli;

import dev.icebergops.autogen.MigrationFiles;
import dev.icebergops.autogen.Revision;
import dev.icebergops.autogen.RevisionGenerator;
import dev.icebergops.migration.TableNames;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.tooling.FilesystemMigrationSource;
import dev.icebergops.tooling.ToolSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code revision -m MESSAGE}: writes the next migration file, empty or (with {@code
 * --autogenerate}) diffed from a live table against a contract or a schema.
 */
@Command(
    name = "revision",
    description = "Write the next V<NNNN>__<Message>.java migration into the migrations directory.")
final class RevisionCommand extends SessionCommand {

  @Option(
      names = {"-m", "--message"},
      paramLabel = "TEXT",
      description = "What the migration does; names the class (required without --autogenerate).")
  String message;

  @Option(
      names = "--autogenerate",
      description = "Diff a live table against a contract or a schema and write the steps.")
  boolean autogenerate;

  @Option(names = "--table", paramLabel = "NAME", description = "The table to diff (bare name).")
  String table;

  @ArgGroup(exclusive = true)
  Target target;

  static final class Target {
    @Option(names = "--contract", paramLabel = "FILE", description = "A YAML schema contract.")
    Path contract;

    @Option(names = "--schema", paramLabel = "FILE", description = "An Iceberg schema as JSON.")
    Path schema;
  }

  @Option(
      names = "--rename-hint",
      paramLabel = "OLD:NEW",
      description = "A column renamed from OLD to NEW (renames are never guessed).")
  List<String> renameHints = new ArrayList<>();

  @Override
  void run(ToolSession session, Output output) throws IOException {
    Path dir =
        FilesystemMigrationSource.directoryFor(
            session.config().migrationsDir(), session.namespace());
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(
          "Cannot write a revision to " + dir + ": no such directory (run iceberg-ops init)");
    }
    String version = MigrationFiles.nextVersion(dir);
    Optional<Revision> revision = Optional.empty();
    if (autogenerate) {
      revision = generate(session);
      if (revision.isEmpty()) {
        output.json(Output.of("file", null, "changes", List.of()));
        output.line(
            "No changes: %s already matches %s; no file written"
                .formatted(table, target.contract != null ? target.contract : target.schema));
        return;
      }
    } else if (message == null || message.isBlank()) {
      throw new IllegalArgumentException("Cannot write a revision: give a message with -m");
    }
    String className =
        MigrationFiles.className(version, message != null ? message : "update " + table);
    List<String> changes = revision.map(Revision::changes).orElse(List.of());
    Path file = dir.resolve(className + ".java");
    String source =
        revision.isPresent()
            ? revision.get().toJava(null, className)
            : Revision.skeleton(null, className);
    Files.writeString(file, source);
    Path shown = cli.workDir().relativize(file);
    output.json(Output.of("file", file.toString(), "version", version, "changes", changes));
    output.line("Created " + shown);
    changes.forEach(c -> output.line("  " + c));
  }

  private Optional<Revision> generate(ToolSession session) throws IOException {
    if (table == null || target == null) {
      throw new IllegalArgumentException(
          "Cannot autogenerate a revision: give --table and either --contract or --schema");
    }
    TableIdentifier id = TableNames.identifier(session.namespace(), table);
    Table live = session.catalog().loadTable(id);
    RevisionGenerator generator = RevisionGenerator.forTable(table, live).withRenameHints(hints());
    if (target.contract != null) {
      return generator.against(SchemaContract.fromYaml(cli.workDir().resolve(target.contract)));
    }
    String json = Files.readString(cli.workDir().resolve(target.schema));
    return generator.against(SchemaParser.fromJson(json));
  }

  private Map<String, String> hints() {
    Map<String, String> hints = new LinkedHashMap<>();
    for (String hint : renameHints) {
      String[] parts = hint.split(":", -1);
      if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
        throw new IllegalArgumentException(
            "Cannot use rename hint '" + hint + "': write it as OLD:NEW");
      }
      hints.put(parts[0], parts[1]);
    }
    return hints;
  }
}
