package dev.icebergops.test.internal;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.internal.DataLoss.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Rows are found where they were written, or by their values once their file was rewritten. */
class RowComparisonTest {

  private static final Schema PLAIN =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "amount", Types.DoubleType.get()),
          optional(3, "note", Types.StringType.get()));

  private static final Schema KEYED = new Schema(PLAIN.columns(), Set.of(1));

  private static Record row(Schema schema, long id, double amount, String note) {
    Record record = GenericRecord.create(schema);
    record.setField("id", id);
    record.setField("amount", amount);
    record.setField("note", note);
    return record;
  }

  /** The losses of a batch written to file "written.parquet", read back from {@code files}. */
  private static List<DataLoss> compare(
      Schema schema, List<Record> written, Map<String, List<Record>> files) {
    return compare(schema, written, files, Set.of());
  }

  /** As above, leaving out the losses whose keys are {@code known}. */
  private static List<DataLoss> compare(
      Schema schema, List<Record> written, Map<String, List<Record>> files, Set<String> known) {
    WrittenBatch batch =
        new WrittenBatch(
            "0001", "t", "uuid", schema, List.of(new RowFiles.Written("written.parquet", written)));
    Map<String, Map<Long, Record>> rows = new HashMap<>();
    List<Record> moved = new ArrayList<>();
    files.forEach(
        (file, records) -> {
          Map<Long, Record> byPosition = new HashMap<>();
          for (int pos = 0; pos < records.size(); pos++) {
            byPosition.put((long) pos, records.get(pos));
          }
          rows.put(file, byPosition);
          if (!file.equals("written.parquet")) {
            moved.addAll(records);
          }
        });
    RowComparison comparison =
        new RowComparison(
            batch,
            new TableRead("uuid", schema, rows),
            new MovedRows(schema.asStruct(), moved),
            new DeclaredBackfills(List.of()),
            "0002",
            known);
    comparison.matchExactly();
    comparison.pairTheRest();
    return comparison.losses();
  }

  @Test
  void rowsInARewrittenFileAreFoundByTheirValuesInAnyOrder() {
    List<Record> written = List.of(row(PLAIN, 1, 1.5, "a"), row(PLAIN, 2, 2.5, "b"));

    List<DataLoss> losses =
        compare(
            PLAIN,
            written,
            Map.of("compacted.parquet", List.of(row(PLAIN, 2, 2.5, "b"), row(PLAIN, 1, 1.5, "a"))));

    assertThat(losses).isEmpty();
  }

  @Test
  void aRowRewrittenWithOneValueChangedIsReportedChangedInThatColumn() {
    List<Record> written = List.of(row(PLAIN, 1, 1.5, "a"), row(PLAIN, 2, 2.5, "b"));

    List<DataLoss> losses =
        compare(
            PLAIN,
            written,
            Map.of("new.parquet", List.of(row(PLAIN, 1, 1.5, "a"), row(PLAIN, 2, 2.5, "B"))));

    assertThat(losses)
        .singleElement()
        .satisfies(
            loss -> {
              assertThat(loss.kind()).isEqualTo(Kind.VALUES_CHANGED);
              assertThat(loss.column()).isEqualTo("note");
              assertThat(loss.rows()).isEqualTo(1);
              assertThat(loss.samples().get(0).after().get())
                  .isEqualTo("{id=2, amount=2.5, note=B}");
            });
  }

  @Test
  void aRowMissingFromEveryFileIsGone() {
    List<Record> written = List.of(row(PLAIN, 1, 1.5, "a"), row(PLAIN, 2, 2.5, "b"));

    List<DataLoss> losses =
        compare(PLAIN, written, Map.of("new.parquet", List.of(row(PLAIN, 1, 1.5, "a"))));

    assertThat(losses)
        .singleElement()
        .satisfies(
            loss -> {
              assertThat(loss.kind()).isEqualTo(Kind.ROWS_GONE);
              assertThat(loss.samples().get(0).before().get())
                  .isEqualTo("{id=2, amount=2.5, note=b}");
            });
  }

  @Test
  void withoutIdentifierFieldsARowWithMostValuesChangedReadsAsGone() {
    List<Record> written = List.of(row(PLAIN, 1, 1.5, "a"));

    List<DataLoss> losses =
        compare(PLAIN, written, Map.of("new.parquet", List.of(row(PLAIN, 1, 9.5, "z"))));

    assertThat(losses).extracting(DataLoss::kind).containsExactly(Kind.ROWS_GONE);
  }

  @Test
  void identifierFieldsFindARowWhateverElseChanged() {
    List<Record> written = List.of(row(KEYED, 1, 1.5, "a"));

    List<DataLoss> losses =
        compare(KEYED, written, Map.of("new.parquet", List.of(row(KEYED, 1, 9.5, "z"))));

    assertThat(losses)
        .extracting(DataLoss::kind, DataLoss::column)
        .containsExactly(
            org.assertj.core.api.Assertions.tuple(Kind.VALUES_CHANGED, "amount"),
            org.assertj.core.api.Assertions.tuple(Kind.VALUES_CHANGED, "note"));
  }

  @Test
  void aRowStillAtItsPositionIsComparedThere() {
    List<Record> written = List.of(row(PLAIN, 1, 1.5, "a"));

    List<DataLoss> losses =
        compare(PLAIN, written, Map.of("written.parquet", List.of(row(PLAIN, 1, 1.5, "x"))));

    assertThat(losses).extracting(DataLoss::kind).containsExactly(Kind.VALUES_CHANGED);
  }

  @Test
  void lossesAlreadyKnownAreLeftOutAndTheOthersStillFound() {
    List<Record> written = List.of(row(KEYED, 1, 1.5, "a"));
    Map<String, List<Record>> read = Map.of("new.parquet", List.of(row(KEYED, 1, 9.5, "z")));
    String amountChanged = DataLoss.key(Kind.VALUES_CHANGED, "t", 2, null);

    List<DataLoss> all = compare(KEYED, written, read);
    List<DataLoss> left = compare(KEYED, written, read, Set.of(amountChanged));

    assertThat(all).extracting(DataLoss::key).contains(amountChanged);
    assertThat(left)
        .extracting(DataLoss::kind, DataLoss::column)
        .containsExactly(org.assertj.core.api.Assertions.tuple(Kind.VALUES_CHANGED, "note"));
  }
}
