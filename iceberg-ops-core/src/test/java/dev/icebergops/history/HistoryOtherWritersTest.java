package dev.icebergops.history;

import static dev.icebergops.history.TestWrites.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.internal.HistoryFiles;
import dev.icebergops.history.internal.HistoryLayout;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The history table shared with other writers: newer clients, other engines, older layouts. */
@ExtendWith(SharedEnvironment.class)
class HistoryOtherWritersTest {

  private Catalog catalog;
  private String meta;
  private MigrationHistory history;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    meta = "_ops_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    history = new MigrationHistory(catalog, meta);
  }

  @Test
  void aRewriteKeepsColumnsThisReleaseDoesNotKnow() throws IOException {
    TestWrites.record(history, row("0001", Status.APPLIED), null);
    Table table = catalog.loadTable(history.tableIdentifier());
    // a newer client adds a column and fills it in for 0001
    table.updateSchema().addColumn("approved_by", Types.StringType.get()).commit();
    List<Record> records = AnotherEngine.readAll(table);
    records.get(0).setField("approved_by", "alice");
    AnotherEngine.overwritePartition(table, records);

    TestWrites.record(history, row("0002", Status.APPLIED), null);

    table.refresh();
    assertThat(AnotherEngine.readAll(table))
        .extracting(r -> r.getField("version"), r -> r.getField("approved_by"))
        .containsExactlyInAnyOrder(tuple("0001", "alice"), tuple("0002", null));
  }

  @Test
  void anAvroFileOfAnotherEngineIsReadAndTheNextWriteIsParquetAgain() throws IOException {
    TestWrites.record(history, row("0001", Status.APPLIED), null);
    Table table = catalog.loadTable(history.tableIdentifier());
    // another engine (or an earlier release) rewrites the partition as Avro
    DataFile avro = AvroEraHistory.write(table, "sales", AnotherEngine.readAll(table));
    table
        .newOverwrite()
        .overwriteByRowFilter(
            org.apache.iceberg.expressions.Expressions.equal("namespace", "sales"))
        .addFile(avro)
        .commit();
    table.refresh();
    assertThat(AnotherEngine.dataFiles(table))
        .extracting(DataFile::format)
        .containsExactly(FileFormat.AVRO);

    assertThat(history.read("sales")).containsExactly(row("0001", Status.APPLIED));
    TestWrites.record(history, row("0002", Status.APPLIED), null);

    table.refresh();
    // the Avro file is read as the history's own: the write adds 0002's row in Parquet
    assertThat(AnotherEngine.dataFiles(table))
        .extracting(DataFile::format)
        .containsExactlyInAnyOrder(FileFormat.AVRO, FileFormat.PARQUET);
    assertThat(history.read("sales"))
        .containsExactly(row("0001", Status.APPLIED), row("0002", Status.APPLIED));
  }

  @Test
  void deleteFilesOfAnotherEngineAreApplied() throws IOException {
    TestWrites.record(history, row("0001", Status.APPLIED), null);
    TestWrites.record(history, row("0002", Status.FAILED), null);
    Table table = catalog.loadTable(history.tableIdentifier());
    // a merge-on-read UPDATE: delete 0002's row by position, add its new version
    DataFile original = null;
    List<Record> before = List.of();
    for (DataFile file : AnotherEngine.dataFiles(table)) {
      List<Record> records = AnotherEngine.readFile(table, file);
      if (records.stream().anyMatch(r -> r.getField("version").equals("0002"))) {
        original = file;
        before = records;
      }
    }
    assertThat(original).as("the data file holding 0002").isNotNull();
    int position = before.get(0).getField("version").equals("0002") ? 0 : 1;
    Record updated = before.get(position).copy();
    updated.setField("status", "applied");
    updated.setField("error", "fixed by hand");
    DeleteFile deletes = AnotherEngine.positionDelete(table, original, position);
    DataFile added = AnotherEngine.writeFile(table, List.of(updated));
    table.newRowDelta().addRows(added).addDeletes(deletes).commit();

    assertThat(history.read("sales"))
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::error)
        .containsExactly(
            tuple("0001", Status.APPLIED, null), tuple("0002", Status.APPLIED, "fixed by hand"));

    TestWrites.record(
        history,
        row("0003", Status.APPLIED),
        history.read("sales").stream()
            .filter(r -> r.version().equals("0003"))
            .findFirst()
            .orElse(null));
    assertThat(history.read("sales"))
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(
            tuple("0001", Status.APPLIED),
            tuple("0002", Status.APPLIED),
            tuple("0003", Status.APPLIED));
  }

  @Test
  void aFirstReleaseLayoutIsUpgradedInPlaceKeepingItsRows() throws IOException {
    createFirstReleaseTable();
    Table old = catalog.loadTable(history.tableIdentifier());
    GenericRecord v1 = GenericRecord.create(old.schema());
    v1.setField("version", "0001");
    v1.setField("namespace", "sales");
    v1.setField("description", "from the first release");
    v1.setField("status", "applied");
    v1.setField("checksum", "old-sum");
    v1.setField("updated_at", OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC));
    v1.setField("duration_ms", 3L);
    old.newAppend().appendFile(AnotherEngine.writeFile(old, List.of(v1))).commit();
    assertThat(history.read("sales")).extracting(HistoryRecord::version).containsExactly("0001");

    TestWrites.record(history, row("0002", Status.APPLIED), null);

    Table upgraded = catalog.loadTable(history.tableIdentifier());
    assertThat(upgraded.properties()).containsEntry("iceberg-ops.history.layout-version", "6");
    assertThat(upgraded.schema().findField("run_id")).isNotNull();
    assertThat(history.read("sales"))
        .extracting(HistoryRecord::version, HistoryRecord::description, HistoryRecord::checksum)
        .containsExactly(
            tuple("0001", "from the first release", "old-sum"),
            tuple("0002", "migration 0002", "sum-0002"));
  }

  @Test
  void aCommitFromTheStateAnEarlierCommitReturnedKeepsColumnsThisReleaseDoesNotKnow()
      throws IOException {
    TestWrites.record(history, row("0001", Status.APPLIED), null);
    Table table = catalog.loadTable(history.tableIdentifier());
    table.updateSchema().addColumn("approved_by", Types.StringType.get()).commit();
    List<Record> records = AnotherEngine.readAll(table);
    records.get(0).setField("approved_by", "alice");
    AnotherEngine.overwritePartition(table, records);

    NamespaceHistory read = history.load("sales");
    NamespaceHistory stored =
        TestWrites.writer(history).commit(read, read.with(row("0002", Status.APPLIED)));
    TestWrites.writer(history).commit(stored, stored.with(row("0003", Status.APPLIED)));

    table.refresh();
    assertThat(AnotherEngine.readAll(table))
        .extracting(r -> r.getField("version"), r -> r.getField("approved_by"))
        .containsExactlyInAnyOrder(
            tuple("0001", "alice"), tuple("0002", null), tuple("0003", null));
  }

  @Test
  void aLeaseRowWithoutItsLeaseColumnsReadsAsAnUnknownHolderThatHasExpired() throws IOException {
    TestWrites.record(history, row("0001", Status.APPLIED), null);
    Table table = catalog.loadTable(history.tableIdentifier());
    OffsetDateTime since = OffsetDateTime.of(2026, 11, 30, 9, 0, 0, 0, ZoneOffset.UTC);
    GenericRecord lease = GenericRecord.create(table.schema());
    lease.setField("version", "lease");
    lease.setField("namespace", "sales");
    lease.setField("status", "leased");
    lease.setField("updated_at", since);
    List<Record> records = AnotherEngine.readAll(table);
    records.add(lease);
    AnotherEngine.overwritePartition(table, records);

    RunLease read = history.lease("sales").orElseThrow();

    assertThat(read)
        .isEqualTo(
            new RunLease("unknown host", -1L, "unknown run", since.toInstant(), since.toInstant()));
    assertThat(read.isExpiredAt(since.toInstant())).isTrue();
    assertThat(history.read("sales")).extracting(HistoryRecord::version).containsExactly("0001");
  }

  @Test
  void aNewerLayoutIsRefusedAndLeftAlone() {
    TestWrites.record(history, row("0001", Status.APPLIED), null);
    catalog
        .loadTable(history.tableIdentifier())
        .updateProperties()
        .set("iceberg-ops.history.layout-version", "7")
        .commit();
    MigrationHistory olderRelease = new MigrationHistory(catalog, meta);

    assertThatThrownBy(() -> TestWrites.record(olderRelease, row("0002", Status.APPLIED), null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot write migration history "
                + history.tableIdentifier()
                + ": its layout version is 7 but this release of iceberg-ops writes version 6;"
                + " upgrade iceberg-ops");
    assertThat(history.read("sales")).extracting(HistoryRecord::version).containsExactly("0001");
    assertThat(catalog.loadTable(history.tableIdentifier()).properties())
        .containsEntry("iceberg-ops.history.layout-version", "7");
  }

  @Test
  void aLayoutVersionThatIsNoNumberIsReported() {
    TestWrites.record(history, row("0001", Status.APPLIED), null);
    catalog
        .loadTable(history.tableIdentifier())
        .updateProperties()
        .set("iceberg-ops.history.layout-version", "two")
        .commit();

    assertThatThrownBy(
            () ->
                TestWrites.record(
                    new MigrationHistory(catalog, meta), row("0002", Status.APPLIED), null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot read migration history layout: iceberg-ops.history.layout-version is 'two',"
                + " not a number");
  }

  @Test
  void aLayoutUpgradeFromAStaleTableKeepsTheOtherWritersUpgrade() {
    createFirstReleaseTable();
    Table stale = catalog.loadTable(history.tableIdentifier());
    TestWrites.record(history, row("0001", Status.APPLIED), null);

    HistoryLayout.upgrade(stale, history.tableIdentifier());

    Table upgraded = catalog.loadTable(history.tableIdentifier());
    assertThat(upgraded.properties()).containsEntry("iceberg-ops.history.layout-version", "6");
    assertThat(upgraded.schema().columns())
        .extracting(column -> column.name())
        .containsExactlyElementsOf(
            HistoryFiles.SCHEMA.columns().stream().map(column -> column.name()).toList());
    assertThat(history.read("sales")).extracting(HistoryRecord::version).containsExactly("0001");
  }

  private void createFirstReleaseTable() {
    catalog
        .buildTable(history.tableIdentifier(), HistoryFiles.SCHEMA_V1)
        .withPartitionSpec(
            org.apache.iceberg.PartitionSpec.builderFor(HistoryFiles.SCHEMA_V1)
                .identity("namespace")
                .build())
        .create();
  }
}
