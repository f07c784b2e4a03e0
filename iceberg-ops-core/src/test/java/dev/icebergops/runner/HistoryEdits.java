package dev.icebergops.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.parquet.Parquet;

/**
 * What another engine's {@code DELETE FROM} or {@code UPDATE} does to the history table: the
 * namespace's partition rewritten without the deleted rows or with the edited one (copy-on-write),
 * in a Parquet file.
 */
final class HistoryEdits {

  private HistoryEdits() {}

  /**
   * Deletes one row of a namespace, or all of them.
   *
   * @param version the version whose row is deleted, or null for every row of the namespace
   */
  static void deleteRows(
      Catalog catalog, TableIdentifier historyTable, String namespace, String version) {
    Table table = catalog.loadTable(historyTable);
    Expression partition = Expressions.equal("namespace", namespace);
    List<Record> kept = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).where(partition).build()) {
      for (Record row : rows) {
        if (version != null && !version.equals(row.getField("version"))) {
          kept.add(row.copy());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (kept.isEmpty()) {
      table.newDelete().deleteFromRowFilter(partition).commit();
      return;
    }
    table.newOverwrite().overwriteByRowFilter(partition).addFile(write(table, kept)).commit();
  }

  /**
   * Edits one row of a namespace the way another engine's {@code UPDATE} would: the namespace's
   * partition rewritten with the edited row.
   *
   * @param edit changes the row of {@code version}, in the table's current schema
   */
  static void editRow(
      Catalog catalog,
      TableIdentifier historyTable,
      String namespace,
      String version,
      Consumer<Record> edit) {
    Table table = catalog.loadTable(historyTable);
    Expression partition = Expressions.equal("namespace", namespace);
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> read = IcebergGenerics.read(table).where(partition).build()) {
      for (Record row : read) {
        Record copy = row.copy();
        if (version.equals(copy.getField("version"))) {
          edit.accept(copy);
        }
        rows.add(copy);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    table.newOverwrite().overwriteByRowFilter(partition).addFile(write(table, rows)).commit();
  }

  private static DataFile write(Table table, List<Record> records) {
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    key.partition(records.get(0));
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, System.nanoTime())
            .format(FileFormat.PARQUET)
            .build();
    try {
      DataWriter<Record> writer =
          Parquet.writeData(files.newOutputFile(table.spec(), key))
              .forTable(table)
              .withPartition(key)
              .createWriterFunc(GenericParquetWriter::create)
              .overwrite()
              .build();
      try (writer) {
        records.forEach(writer::write);
      }
      return writer.toDataFile();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
