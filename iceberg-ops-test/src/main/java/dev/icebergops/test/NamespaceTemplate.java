package dev.icebergops.test;

import com.fasterxml.jackson.databind.JsonNode;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.NamespaceTables;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NamespaceNotEmptyException;
import org.apache.iceberg.view.ViewMetadata;

/**
 * The state a test starts from, built once per run, chain and version ({@link RunTemplates}): every
 * table and view of a namespace migrated to that version, copied into a namespace of the template's
 * own (a template from the {@link TemplateCache} makes its views there and registers no table), and
 * the history rows that say so. {@link #copyTo} gives a test its own copy of it, whose cost does
 * not grow with the number of migrations behind the version.
 *
 * @param views the template's views by name, which each copy makes again ({@link ViewCopies})
 * @param shape the template's shape, which a test's namespace must have again after the test
 */
record NamespaceTemplate(
    String version,
    String namespace,
    Map<String, TableCopy> tables,
    Map<String, ViewMetadata> views,
    List<HistoryRecord> rows,
    NamespaceTables shape) {

  /**
   * Copies every table of {@code source}, now at {@code version}, into the new namespace {@code
   * namespace}, and keeps {@code rows}, the source's history rows. Copies keep every earlier schema
   * of the tables when {@code earlierSchemas}, else the current ones only. The schemas the walk
   * left out of a table of {@code source} ({@code leftOut}, by the table's uuid) are put back in
   * the template's.
   *
   * @throws UnsupportedOperationException if a table cannot be copied (see {@link TableCopy#of})
   */
  static NamespaceTemplate capture(
      Catalog catalog,
      String source,
      String namespace,
      String version,
      List<HistoryRecord> rows,
      boolean earlierSchemas,
      Function<String, Map<Integer, JsonNode>> leftOut) {
    Namespaces.create(catalog, namespace);
    Map<String, TableCopy> tables = new LinkedHashMap<>();
    Map<String, TableMetadata> made = new LinkedHashMap<>();
    for (TableIdentifier id : catalog.listTables(TableNames.namespace(source))) {
      TableIdentifier copy = Namespaces.table(namespace, id.name());
      Table walked = catalog.loadTable(id);
      Table table =
          TableCopy.of(id, walked, true, leftOut.apply(walked.uuid().toString()))
              .copyTo(catalog, copy, null);
      made.put(id.name(), ((HasTableOperations) table).operations().current());
      tables.put(id.name(), TableCopy.of(copy, table, earlierSchemas, Map.of()));
    }
    Map<String, ViewMetadata> views =
        ViewCopies.copyTo(catalog, ViewCopies.of(catalog, source), namespace);
    return made(namespace, version, rows, tables, made, views);
  }

  /**
   * The template in {@code namespace} whose tables ({@code made}) and views the caller has just
   * made there: its shape is theirs, with no request to read them back.
   *
   * @param tables the copies of {@code made}, by name
   */
  static NamespaceTemplate made(
      String namespace,
      String version,
      List<HistoryRecord> rows,
      Map<String, TableCopy> tables,
      Map<String, TableMetadata> made,
      Map<String, ViewMetadata> views) {
    return new NamespaceTemplate(
        version,
        namespace,
        tables,
        views,
        List.copyOf(rows),
        NamespaceTables.of(namespace, made, views));
  }

  /** The template's history rows under {@code target}, a copy's namespace. */
  List<HistoryRecord> rowsUnder(String target) {
    return rows.stream().map(row -> row.inNamespace(target)).toList();
  }

  /**
   * Whether {@code rows}, a copy's history rows, are still those the copy started with: then no
   * migration ran in it.
   */
  boolean historyUnchanged(List<HistoryRecord> rows) {
    return stamps(rows).equals(stamps(this.rows));
  }

  /** What tells the history rows of a copy apart: each one's version, status and time. */
  private static List<List<Object>> stamps(List<HistoryRecord> rows) {
    return rows.stream()
        .map(row -> Arrays.<Object>asList(row.version(), row.status(), row.updatedAt()))
        .toList();
  }

  /**
   * Creates {@code target} as a copy of the template: its tables, and, unless {@code runner} is
   * null (the copy's runner reads them as presumed, see {@link #rowsUnder}), its history rows
   * written under {@code target} by {@code runner}, the runner of {@code target} ({@link
   * RunnerSeam#seedHistory}). The tables go under the location of {@code copies}, the class's.
   */
  Map<String, String> copyTo(
      Catalog catalog, String target, MigrationRunner runner, ClassCopies copies) {
    Namespaces.create(catalog, target);
    Map<String, String> locations = new HashMap<>();
    tables.forEach(
        (name, table) ->
            locations.put(
                name, table.copyTo(catalog, Namespaces.table(target, name), copies).location()));
    ViewCopies.copyTo(catalog, views, target);
    if (runner != null && !rows.isEmpty()) {
      RunnerSeam.seedHistory(runner, Map.of(target, rowsUnder(target)));
    }
    return locations;
  }

  /**
   * Puts back into {@code target}, a copy of the template whose tables {@link #copyTo} put at
   * {@code locations}, the earlier schemas its lean tables left out (see {@link TableCopy#isLean}),
   * keeping what the test changed since. Tables the test dropped are left alone.
   */
  void restoreEarlierSchemas(Catalog catalog, String target, Map<String, String> locations) {
    tables.forEach(
        (name, table) -> {
          String location = locations.get(name);
          if (table.isLean() && location != null) {
            table.restoreEarlierSchemas(catalog, Namespaces.table(target, name), location);
          }
        });
  }

  /**
   * What of the template's data files is gone from the store (a test deleted it), as {@code data
   * file <location> of its table <name>}: copies made from then on would fail to read it.
   */
  Optional<String> missingFile() {
    return tables.entrySet().stream()
        .flatMap(
            table ->
                table.getValue().missingDataFile().stream()
                    .map(file -> "data file " + file + " of its table " + table.getKey()))
        .findFirst();
  }

  /** Whether a table of the template was copied with some of its earlier schemas left out. */
  boolean hasLeanCopies() {
    return tables.values().stream().anyMatch(TableCopy::isLean);
  }

  /**
   * Drops {@code target}, a copy of the template whose tables {@link #copyTo} put at {@code
   * locations}, with every table a test left in it: a copied table as {@link TableCopy#dropCopy}
   * says ({@code schemasRestored} when {@link #restoreEarlierSchemas} ran on it; {@code copies},
   * the class's, where {@link #copyTo} put it), any other through the catalog's purge. The copied
   * tables are dropped by name, and the namespace's tables are listed only when it is not empty
   * then (the test created others): most tests leave none, and a listing is one more request to the
   * catalog per test.
   */
  void dropCopy(
      Catalog catalog,
      String target,
      Map<String, String> locations,
      boolean schemasRestored,
      ClassCopies copies) {
    tables.forEach(
        (name, copy) -> {
          String location = locations.get(name);
          if (location != null) {
            TableIdentifier table = Namespaces.table(target, name);
            copy.dropCopy(catalog, table, location, schemasRestored, copies);
          }
        });
    try {
      ((SupportsNamespaces) catalog).dropNamespace(TableNames.namespace(target));
    } catch (NamespaceNotEmptyException e) {
      // what the drops above left (the test's own tables, a copied table it renamed, a copy a
      // store could not delete by prefix): the catalog's purge
      Namespaces.drop(catalog, target);
    }
  }

  @Override
  public String toString() {
    return "NamespaceTemplate{%s at %s, tables=%s}".formatted(namespace, version, tables.keySet());
  }
}
