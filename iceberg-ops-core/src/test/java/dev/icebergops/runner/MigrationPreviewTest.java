package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.PreviewFixtures.V0001__CreateOrders;
import dev.icebergops.runner.PreviewFixtures.V0002__CountOrSkip;
import dev.icebergops.runner.PreviewFixtures.V0002__CreateCustomers;
import dev.icebergops.runner.PreviewFixtures.V0002__DeleteOrphan;
import dev.icebergops.runner.PreviewFixtures.V0002__DropOrders;
import dev.icebergops.runner.PreviewFixtures.V0002__ExpireOrders;
import dev.icebergops.runner.PreviewFixtures.V0002__PurgeOrders;
import dev.icebergops.runner.PreviewFixtures.V0002__RenameOrders;
import dev.icebergops.runner.PreviewFixtures.V0003__AddRegion;
import dev.icebergops.runner.PreviewFixtures.V0004__RenameNote;
import dev.icebergops.runner.PreviewFixtures.V0004__RenameNoteOntoQty;
import dev.icebergops.runner.PreviewFixtures.V0005__AddAndCount;
import dev.icebergops.runner.PreviewFixtures.V0005__PromoteQty;
import dev.icebergops.runner.PreviewFixtures.V0006__PartitionByRegion;
import dev.icebergops.runner.VersionPreview.Outcome;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A preview on the real REST catalog + S3 reports what each pending version would change, the error
 * of a version that would fail and the versions it keeps from running, and the steps it cannot run;
 * and it writes nothing to the catalog or the store.
 */
@ExtendWith(SharedEnvironment.class)
class MigrationPreviewTest {

  private IcebergTestEnvironment environment;
  private OwnHistory own;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) throws IOException {
    this.environment = environment;
    own = OwnHistory.create(environment, "preview");
    own.runner(V0001__CreateOrders.class).migrate();
    appendRow(own.catalog().loadTable(orders()), 1L, 5, "first");
  }

  private TableIdentifier orders() {
    return TableIdentifier.of(own.namespace(), "orders");
  }

  private LiveFootprint footprint() {
    return LiveFootprint.of(
        own.catalog(), environment.bucket(), orders(), own.namespace(), own.meta());
  }

  /** Previews, and asserts that no metadata location and no stored object changed. */
  @SafeVarargs
  private MigrationPreview previewWritingNothing(
      Class<? extends dev.icebergops.migration.Migration>... types) {
    LiveFootprint before = footprint();
    assertThat(before.objects()).isNotEmpty();
    MigrationPreview preview = own.runner(types).preview();
    assertThat(footprint()).isEqualTo(before);
    return preview;
  }

  @Test
  void previewOfFivePendingVersionsReportsEachChangeAndWritesNothing() {
    MigrationPreview preview =
        previewWritingNothing(
            V0001__CreateOrders.class,
            V0002__CreateCustomers.class,
            V0003__AddRegion.class,
            V0004__RenameNote.class,
            V0005__PromoteQty.class,
            V0006__PartitionByRegion.class);

    String ns = own.namespace();
    assertThat(preview.current()).isEqualTo("0001");
    assertThat(preview.versions())
        .extracting(VersionPreview::version, VersionPreview::outcome, VersionPreview::error)
        .containsExactly(
            tuple("0002", Outcome.PREVIEWED, null),
            tuple("0003", Outcome.PREVIEWED, null),
            tuple("0004", Outcome.PREVIEWED, null),
            tuple("0005", Outcome.PREVIEWED, null),
            tuple("0006", Outcome.PREVIEWED, null));
    assertThat(only(preview, 0).kind()).isEqualTo(TableChange.Kind.CREATED);
    assertThat(only(preview, 0).table()).isEqualTo(ns + ".customers");
    assertThat(only(preview, 0).lines())
        .startsWith("added column id (id=1, long)", "added column name (id=2, string)");
    assertThat(only(preview, 1).lines()).containsExactly("added column region (id=4, string)");
    assertThat(only(preview, 2).lines())
        .containsExactly("changed column comment (id=3): renamed from note");
    assertThat(only(preview, 3).lines())
        .containsExactly("changed column qty (id=2): type int -> long");
    assertThat(only(preview, 4).lines())
        .containsExactly(
            "partition: added identity(region) as region",
            "property: set commit.retry.num-retries = 8");
    assertThat(preview.versions().subList(1, 5))
        .allSatisfy(v -> assertThat(v.changes().get(0).table()).isEqualTo(ns + ".orders"));
    assertThat(own.runner(V0001__CreateOrders.class, V0006__PartitionByRegion.class).plan())
        .as("the history is unchanged")
        .hasSize(1);
  }

  private static TableChange only(MigrationPreview preview, int index) {
    List<TableChange> changes = preview.versions().get(index).changes();
    assertThat(changes).hasSize(1);
    return changes.get(0);
  }

  @Test
  void aVersionThatWouldFailIsReportedWithItsErrorAndTheLaterOnesAsNotReached() {
    MigrationPreview preview =
        previewWritingNothing(
            V0001__CreateOrders.class,
            V0002__CreateCustomers.class,
            V0003__AddRegion.class,
            V0004__RenameNoteOntoQty.class,
            V0005__PromoteQty.class);

    assertThat(preview.wouldFail()).isTrue();
    assertThat(preview.versions())
        .extracting(VersionPreview::version, VersionPreview::outcome)
        .containsExactly(
            tuple("0002", Outcome.PREVIEWED),
            tuple("0003", Outcome.PREVIEWED),
            tuple("0004", Outcome.FAILS),
            tuple("0005", Outcome.NOT_REACHED));
    VersionPreview failing = preview.versions().get(2);
    assertThat(failing.error())
        .startsWith(
            "Cannot apply migration 0004 (Rename note onto qty) to " + own.namespace() + ": ")
        .endsWith("ValidationException: Invalid schema: multiple fields for name qty: 2 and 3");
    assertThat(failing.changes()).isEmpty();
    assertThat(preview.versions().get(3).changes()).isEmpty();
    assertThat(preview.text()).contains("0004 Rename note onto qty: would FAIL");
    assertThat(preview.markdown()).contains("#### 0005 Promote qty: not reached");
  }

  @Test
  void aStepThatReadsTheLiveTablesDataIsListedAsNotPreviewed() {
    MigrationPreview preview =
        previewWritingNothing(
            V0001__CreateOrders.class,
            V0002__CreateCustomers.class,
            V0003__AddRegion.class,
            V0004__RenameNote.class,
            V0005__AddAndCount.class);

    VersionPreview counting = preview.versions().get(3);
    assertThat(counting.outcome()).isEqualTo(Outcome.PARTLY_PREVIEWED);
    assertThat(counting.changes().get(0).lines())
        .containsExactly("added column counted (id=5, long)");
    assertThat(counting.notPreviewed())
        .singleElement()
        .asString()
        .startsWith("upgrade reads s3://")
        .contains("a file of the live table that the shadow does not hold");
  }

  @Test
  void aVersionThatDropsTheLiveTableShowsItAsDropped() {
    MigrationPreview preview =
        previewWritingNothing(V0001__CreateOrders.class, V0002__DropOrders.class);

    TableChange dropped = only(preview, 0);
    assertThat(dropped.kind()).isEqualTo(TableChange.Kind.DROPPED);
    assertThat(dropped.table()).isEqualTo(own.namespace() + ".orders");
    assertThat(dropped.lines()).isEmpty();
    assertThat(preview.text()).contains("  " + own.namespace() + ".orders: dropped");
    assertThat(preview.markdown()).contains("| `" + own.namespace() + ".orders` | dropped |");
  }

  @Test
  void aVersionThatPurgesTheLiveTableShowsItAsDroppedAndPurgesNothing() {
    MigrationPreview preview =
        previewWritingNothing(V0001__CreateOrders.class, V0002__PurgeOrders.class);

    assertThat(only(preview, 0).kind()).isEqualTo(TableChange.Kind.DROPPED);
    assertThat(only(preview, 0).table()).isEqualTo(own.namespace() + ".orders");
  }

  @Test
  void aVersionThatRenamesTheLiveTableShowsItAsRenamed() {
    MigrationPreview preview =
        previewWritingNothing(V0001__CreateOrders.class, V0002__RenameOrders.class);

    String ns = own.namespace();
    TableChange renamed = only(preview, 0);
    assertThat(renamed.kind()).isEqualTo(TableChange.Kind.RENAMED);
    assertThat(renamed.table()).isEqualTo(ns + ".orders_v1");
    assertThat(renamed.renamedFrom()).isEqualTo(ns + ".orders");
    assertThat(renamed.lines()).isEmpty();
    assertThat(preview.text()).contains("  " + ns + ".orders_v1: renamed from " + ns + ".orders");
    assertThat(preview.asMap().toString()).contains("renamedFrom=" + ns + ".orders");
  }

  @Test
  void aVersionThatExpiresSnapshotsOfTheLiveTableIsListedAsNotPreviewedAndExpiresNothing()
      throws IOException {
    Table table = own.catalog().loadTable(orders());
    appendRow(table, 2L, 6, "second");
    appendRow(table, 3L, 7, "third");
    List<Long> snapshots = snapshotIds();
    assertThat(snapshots).hasSize(3);

    MigrationPreview preview =
        previewWritingNothing(V0001__CreateOrders.class, V0002__ExpireOrders.class);

    VersionPreview expiring = preview.versions().get(0);
    assertThat(expiring.outcome()).isEqualTo(Outcome.PARTLY_PREVIEWED);
    assertThat(expiring.error()).isNull();
    assertThat(expiring.notPreviewed())
        .containsExactly(
            "expire snapshots of "
                + orders()
                + ": would delete 2 of its 3 snapshots and the files only they reference");
    assertThat(preview.text()).contains("not previewed: expire snapshots of " + orders());
    assertThat(snapshotIds()).as("the live table keeps every snapshot").isEqualTo(snapshots);
  }

  @Test
  void aVersionThatDeletesAFileOfTheLiveTableIsListedAsNotPreviewedAndDeletesNothing()
      throws IOException {
    Table table = own.catalog().loadTable(orders());
    String orphan = table.location() + "/data/orphan.parquet";
    try (var out = table.io().newOutputFile(orphan).create()) {
      out.write(new byte[] {1, 2, 3});
    }

    MigrationPreview preview =
        previewWritingNothing(V0001__CreateOrders.class, V0002__DeleteOrphan.class);

    assertThat(preview.versions().get(0).outcome()).isEqualTo(Outcome.PARTLY_PREVIEWED);
    assertThat(preview.versions().get(0).notPreviewed())
        .containsExactly(
            "deletes 1 file of the live tables (first "
                + orphan
                + "): in production they are deleted");
  }

  @Test
  void aReadOfTheLiveTableThatTheVersionSwallowsIsStillListedAsNotPreviewed() {
    MigrationPreview preview =
        previewWritingNothing(V0001__CreateOrders.class, V0002__CountOrSkip.class);

    VersionPreview counting = preview.versions().get(0);
    assertThat(counting.outcome()).isEqualTo(Outcome.PARTLY_PREVIEWED);
    assertThat(counting.notPreviewed())
        .singleElement()
        .asString()
        .startsWith("reads 1 file of the live tables (first s3://")
        .endsWith(
            " that the shadow does not hold; the failed read was caught and the version went on:"
                + " what it does with them in production is not previewed");
  }

  private List<Long> snapshotIds() {
    List<Long> ids = new java.util.ArrayList<>();
    own.catalog().loadTable(orders()).snapshots().forEach(s -> ids.add(s.snapshotId()));
    return ids;
  }

  private static void appendRow(Table table, long id, int qty, String note) throws IOException {
    GenericFileWriterFactory writers =
        new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build();
    OutputFileFactory files =
        OutputFileFactory.builderFor(table, 1, 1).format(FileFormat.PARQUET).build();
    DataWriter<Record> writer = writers.newDataWriter(files.newOutputFile(), table.spec(), null);
    try (writer) {
      Record record = GenericRecord.create(table.schema());
      record.setField("id", id);
      record.setField("qty", qty);
      record.setField("note", note);
      writer.write(record);
    }
    DataFile file = writer.toDataFile();
    table.newAppend().appendFile(file).commit();
  }
}
