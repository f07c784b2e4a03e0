package dev.icebergops.runner;

import dev.icebergops.history.MigrationHistory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;

/** The rows the history table really stores for a namespace, read past the history's own API. */
final class StoredRows {

  private StoredRows() {}

  /** The {@code version} of every stored row of the namespace, duplicates and lease included. */
  static List<String> versions(Catalog catalog, String meta, String namespace) {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    if (!catalog.tableExists(history.tableIdentifier())) {
      return List.of();
    }
    Table table = catalog.loadTable(history.tableIdentifier());
    List<String> stored = new ArrayList<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(table).where(Expressions.equal("namespace", namespace)).build()) {
      rows.forEach(r -> stored.add((String) r.getField("version")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return stored;
  }
}
