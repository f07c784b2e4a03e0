package dev.icebergops.test.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;

/**
 * The rows the data check wrote, batch by batch, and the way to read them back: by data file and
 * position, or by their values once a migration rewrote their files, so that each row is found
 * again whatever its columns and files became.
 */
final class DataLedger {

  /** Rows written per table and version. */
  static final int ROWS_PER_BATCH = 4;

  private final DeclaredBackfills backfills;
  private final List<WrittenBatch> batches = new ArrayList<>();

  DataLedger(DeclaredBackfills backfills) {
    this.backfills = backfills;
  }

  /**
   * Appends a batch of generated rows to a table.
   *
   * @param version the version the namespace is at
   * @param name the table name without namespace
   * @param table the table
   * @return null, or why no batch was written: a required column's type has no generated value
   */
  String write(String version, String name, Table table) {
    Schema schema = table.schema();
    RowGenerator generator = new RowGenerator(Objects.hash(DataCheck.SEED, version, name));
    try {
      List<RowFiles.Written> files = RowFiles.append(table, generator.rows(schema, ROWS_PER_BATCH));
      batches.add(new WrittenBatch(version, name, table.uuid().toString(), schema, files));
      return null;
    } catch (UnsupportedOperationException e) {
      return e.getMessage();
    }
  }

  /** A ledger of the batches this one wrote at {@code version} and below. */
  DataLedger upTo(String version) {
    DataLedger ledger = new DataLedger(backfills);
    batches.stream()
        .filter(batch -> batch.version().compareTo(version) <= 0)
        .forEach(ledger.batches::add);
    return ledger;
  }

  /**
   * Compares every batch with the tables as they read now, leaving out the losses already known.
   *
   * @param tables the tables by name, read through {@code files} when they hold rows this ledger
   *     wrote; a table absent from the map is gone
   * @param files the files of the read-backs
   * @param at the version the namespace is at: the backfills declared up to it apply
   * @param known the keys ({@link DataLoss#key()}) of the losses to leave out, read during the call
   * @return the other losses, those of one kind, table and field id merged
   */
  List<DataLoss> compare(
      Map<String, Table> tables, ReadBackFiles files, String at, Set<String> known) {
    Set<String> written = batches.stream().map(WrittenBatch::table).collect(Collectors.toSet());
    Map<String, TableRead> now =
        tables.entrySet().stream()
            .filter(e -> written.contains(e.getKey()))
            .collect(Collectors.toMap(Map.Entry::getKey, e -> files.read(e.getValue())));
    return compare(now, at, batch -> true, known);
  }

  /**
   * Compares some batches with the tables as they read now.
   *
   * @param now the tables by name; a table absent from the map is gone
   * @param at the version the namespace is at: the backfills declared up to it apply
   * @param which the batches to compare
   * @param known the keys ({@link DataLoss#key()}) of the losses to leave out
   * @return the losses, those of one kind, table and field id merged
   */
  List<DataLoss> compare(
      Map<String, TableRead> now, String at, Predicate<WrittenBatch> which, Set<String> known) {
    Map<String, MovedRows> moved = new HashMap<>();
    List<RowComparison> comparisons = new ArrayList<>();
    for (WrittenBatch batch : batches) {
      if (which.test(batch)) {
        TableRead read = now.get(batch.table());
        MovedRows rows =
            read == null ? null : moved.computeIfAbsent(batch.table(), t -> moved(t, read));
        comparisons.add(new RowComparison(batch, read, rows, backfills, at, known));
      }
    }
    comparisons.forEach(RowComparison::matchExactly);
    comparisons.forEach(RowComparison::pairTheRest);
    Map<String, DataLoss> merged = new LinkedHashMap<>();
    comparisons.stream()
        .flatMap(comparison -> comparison.losses().stream())
        .forEach(loss -> merged.merge(loss.key(), loss, DataLoss::plus));
    return List.copyOf(merged.values());
  }

  /** The rows of a table outside the files this ledger wrote to it. */
  private MovedRows moved(String table, TableRead read) {
    Set<String> written = new HashSet<>();
    batches.stream()
        .filter(b -> b.table().equals(table))
        .forEach(b -> b.files().forEach(f -> written.add(f.path())));
    List<Record> rows =
        read.rows().entrySet().stream()
            .filter(file -> !written.contains(file.getKey()))
            .flatMap(file -> file.getValue().values().stream())
            .toList();
    return new MovedRows(read.schema().asStruct(), rows);
  }
}
