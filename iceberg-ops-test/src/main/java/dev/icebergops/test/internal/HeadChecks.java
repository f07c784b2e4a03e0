package dev.icebergops.test.internal;

import dev.icebergops.migration.TableNames;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;

/** The checks on the state at head: well-formed migrations, reaching head, contracts. */
final class HeadChecks {

  private HeadChecks() {}

  /** After migrate() to head: the namespace is at head; records its schemas. */
  static void reachedHead(CheckRun run) {
    run.migrations().forEach(m -> run.cover(m.version()));
    run.recordHead();
    String head = run.head();
    Optional<String> current = run.runner().current();
    if (!current.equals(Optional.of(head))) {
      run.fail(
          "Expecting migrate() to reach head (%s) in %s, but %s is at %s"
              .formatted(head, run.ns(), run.ns(), current.orElse("no version")));
    }
  }

  /**
   * The contracts of a location; a location without any, or that cannot be read, is a failure.
   *
   * @return the contracts, or null after such a failure
   */
  static List<ContractLocation.Entry> entries(CheckRun run, ContractLocation location) {
    String expecting = "Expecting contracts for " + run.ns() + " at head (" + run.head() + ")";
    List<ContractLocation.Entry> entries;
    try {
      entries = location.entries();
    } catch (RuntimeException e) {
      run.fail(expecting + " in " + location + ", but: " + e.getMessage());
      return null;
    }
    if (entries.isEmpty()) {
      run.fail(expecting + ", but there are no contract files in " + location);
      return null;
    }
    return entries;
  }

  /** At head: each table with a contract conforms to it. */
  static void conformsAll(CheckRun run, List<ContractLocation.Entry> entries) {
    String head = run.head();
    run.cover(head);
    run.notCovered("contracts are checked at head (" + head + ") only");
    entries.forEach(entry -> conforms(run, head, entry));
  }

  private static void conforms(CheckRun run, String head, ContractLocation.Entry entry) {
    String subject =
        "Expecting %s.%s at head (%s) to conform to contract %s, but"
            .formatted(run.ns(), entry.table(), head, entry.file());
    TableIdentifier id = TableIdentifier.of(TableNames.namespace(run.ns()), entry.table());
    Table table;
    try {
      table = run.runner().catalog().loadTable(id);
    } catch (NoSuchTableException e) {
      run.fail(subject + " the table does not exist");
      return;
    }
    List<String> violations = entry.contract().validate(table);
    if (!violations.isEmpty()) {
      run.fail(subject + ":\n  - " + String.join("\n  - ", violations));
    }
  }
}
