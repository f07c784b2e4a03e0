package dev.icebergops.cli;

import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.DriftReport;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.tooling.ToolSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code check}: each {@code <table>.yaml} contract against the live table of the namespace. */
@Command(
    name = "check",
    description =
        "Check the live tables against the contracts (<table>.yaml in the contracts directory)."
            + " Exits 1 when a table does not conform. With --drift: compare the live tables"
            + " with what the applied migrations make; exits 3 when they differ.")
final class CheckCommand extends SessionCommand {

  @Option(
      names = "--drift",
      description =
          "Compare each live table with the state the applied migrations produce (replayed on an"
              + " in-memory shadow) instead of the contracts. Exits "
              + CommandContext.DRIFT
              + " when they differ. Writes nothing.")
  boolean drift;

  @Override
  void run(ToolSession session, Output output) throws IOException {
    if (drift) {
      DriftReport report = session.runner().build().checkDrift();
      output.json(report.asMap());
      output.line(report.text());
      exitCode = report.isClean() ? 0 : CommandContext.DRIFT;
      return;
    }
    Path dir = session.config().contractsDir();
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(
          "Cannot check contracts in " + dir + ": no such directory");
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("Cannot check contracts in " + dir + ": no .yaml file");
    }
    Catalog catalog = session.catalog();
    List<Map<String, Object>> tables = new ArrayList<>();
    int failing = 0;
    for (Path file : files) {
      String name = file.getFileName().toString().replaceFirst("\\.yaml$", "");
      TableIdentifier id = TableIdentifier.of(TableNames.namespace(session.namespace()), name);
      SchemaContract contract = SchemaContract.fromYaml(file);
      List<String> violations =
          catalog.tableExists(id)
              ? contract.validate(catalog.loadTable(id))
              : List.of("table " + id + " does not exist");
      if (!violations.isEmpty()) {
        failing++;
      }
      tables.add(
          Output.of("table", id.toString(), "contract", file.toString(), "violations", violations));
      output.line(id + ": " + (violations.isEmpty() ? "conforms" : "does not conform"));
      violations.forEach(v -> output.line("  " + v));
    }
    output.result(session.namespace(), "tables", tables);
    if (failing == 0) {
      output.line(
          files.size() == 1 ? "The table conforms" : "All " + files.size() + " tables conform");
      return;
    }
    String summary =
        "%s of %s %s not conform"
            .formatted(failing, files.size(), files.size() == 1 ? "table does" : "tables do");
    output.line(summary);
    throw new IllegalStateException("Cannot check contracts: " + summary);
  }
}
