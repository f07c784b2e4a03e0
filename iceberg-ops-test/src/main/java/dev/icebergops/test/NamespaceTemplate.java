package dev.icebergops.test;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.test.internal.NamespaceShape;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The state a test starts from, built once per class and version: every table of a namespace
 * migrated to that version, copied into a namespace of the template's own, and the history rows
 * that say so. {@link #copyTo} gives a test its own copy of it, whose cost does not grow with the
 * number of migrations behind the version.
 */
final class NamespaceTemplate {

  /** How often a copy's history write is tried again when another test's write came first. */
  private static final int HISTORY_ATTEMPTS = 5;

  private final String version;
  private final String namespace;
  private final Map<String, TableCopy> tables;
  private final List<HistoryRecord> rows;
  private final NamespaceShape shape;

  private NamespaceTemplate(
      String version,
      String namespace,
      Map<String, TableCopy> tables,
      List<HistoryRecord> rows,
      NamespaceShape shape) {
    this.version = version;
    this.namespace = namespace;
    this.tables = tables;
    this.rows = rows;
    this.shape = shape;
  }

  /**
   * Copies every table of {@code source}, now at {@code version}, into the new namespace {@code
   * namespace}, and keeps {@code rows}, the source's history rows.
   *
   * @throws UnsupportedOperationException if a table cannot be copied (see {@link TableCopy#of})
   */
  static NamespaceTemplate capture(
      Catalog catalog, String source, String namespace, String version, List<HistoryRecord> rows) {
    createNamespace(catalog, namespace);
    Map<String, TableCopy> tables = new LinkedHashMap<>();
    for (TableIdentifier id : catalog.listTables(Namespace.of(source.split("\\.")))) {
      TableIdentifier copy = identifier(namespace, id.name());
      TableCopy.of(catalog.loadTable(id)).copyTo(catalog, copy);
      tables.put(id.name(), TableCopy.of(catalog.loadTable(copy)));
    }
    return new NamespaceTemplate(
        version, namespace, tables, List.copyOf(rows), NamespaceShape.capture(catalog, namespace));
  }

  /** The version the template is at. */
  String version() {
    return version;
  }

  /** The template's own namespace, dropped when its class ends. */
  String namespace() {
    return namespace;
  }

  /**
   * Whether {@code rows}, a copy's history rows, are still those the copy started with: then no
   * migration ran in it.
   */
  boolean historyUnchanged(List<HistoryRecord> rows) {
    if (rows.size() != this.rows.size()) {
      return false;
    }
    for (int i = 0; i < rows.size(); i++) {
      HistoryRecord now = rows.get(i);
      HistoryRecord then = this.rows.get(i);
      if (!now.version().equals(then.version())
          || now.status() != then.status()
          || !now.updatedAt().equals(then.updatedAt())) {
        return false;
      }
    }
    return true;
  }

  /** The template's shape, which a test's namespace must have again after the test. */
  NamespaceShape shape() {
    return shape;
  }

  /**
   * Creates {@code target} as a copy of the template: its tables, and its history rows written
   * under {@code target} in {@code history}.
   */
  void copyTo(Catalog catalog, String target, MigrationHistory history) {
    createNamespace(catalog, target);
    tables.forEach((name, table) -> table.copyTo(catalog, identifier(target, name)));
    if (!rows.isEmpty()) {
      writeRows(target, history);
    }
  }

  private void writeRows(String target, MigrationHistory history) {
    for (int attempt = 1; ; attempt++) {
      NamespaceHistory base = history.load(target);
      NamespaceHistory next = base;
      for (HistoryRecord row : rows) {
        next = next.with(under(target, row));
      }
      try {
        history.commit(base, next);
        return;
      } catch (HistoryConflictException e) {
        if (attempt == HISTORY_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private static HistoryRecord under(String namespace, HistoryRecord row) {
    return new HistoryRecord(
        row.version(),
        namespace,
        row.description(),
        row.status(),
        row.error(),
        row.checksum(),
        row.updatedAt(),
        row.durationMs(),
        row.operation(),
        row.steps(),
        row.runId());
  }

  private static void createNamespace(Catalog catalog, String namespace) {
    ((SupportsNamespaces) catalog).createNamespace(Namespace.of(namespace.split("\\.")));
  }

  private static TableIdentifier identifier(String namespace, String table) {
    return TableIdentifier.of(Namespace.of(namespace.split("\\.")), table);
  }

  @Override
  public String toString() {
    return "NamespaceTemplate{"
        + namespace
        + " at "
        + version
        + ", tables="
        + tables.keySet()
        + "}";
  }
}
