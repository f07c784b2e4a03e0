package dev.icebergops.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.internal.HistoryRewrite;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The history table on a REST catalog with an S3 store. */
@ExtendWith(SharedEnvironment.class)
class MigrationHistoryTest {

  private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.123456789Z");

  private IcebergTestEnvironment environment;
  private RESTCatalog catalog;
  private String metaNamespace;
  private MigrationHistory history;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    catalog = environment.catalog();
    metaNamespace = "_ops_" + UUID.randomUUID().toString().replace("-", "");
    history = new MigrationHistory(catalog, metaNamespace);
  }

  @Test
  void readingAMissingHistoryIsEmptyAndCreatesNothing() {
    assertThat(history.tableIdentifier().toString())
        .isEqualTo(metaNamespace + ".migration_history");

    assertThat(history.read("sales")).isEmpty();
    assertThat(history.readAll()).isEmpty();
    assertThat(history.read("sales", 1L)).isEmpty();

    assertThat(catalog.namespaceExists(Namespace.of(metaNamespace))).isFalse();
  }

  @Test
  void readingWhenTheNamespaceExistsButNotTheTableCreatesNothing() {
    catalog.createNamespace(Namespace.of(metaNamespace));

    assertThat(history.read("sales")).isEmpty();
    assertThat(history.readAll()).isEmpty();

    assertThat(catalog.tableExists(history.tableIdentifier())).isFalse();
  }

  @Test
  void aReadOfTheHistoryAsksTheCatalogForTheTableAndNothingElse() {
    TestWrites.record(history, applied("0001", "sales", T0), null);
    List<String> calls = new ArrayList<>();
    Catalog counting = recordingCalls(catalog, calls);

    assertThat(new MigrationHistory(counting, metaNamespace).read("sales"))
        .extracting(HistoryRecord::version)
        .containsExactly("0001");
    assertThat(new MigrationHistory(counting, metaNamespace + "_missing").read("sales")).isEmpty();

    // one request per read, whether the table exists or its namespace does not: every test of
    // @IcebergMigrations reads the history after it, and a check of the namespace first doubled
    // that
    assertThat(calls).containsExactly("loadTable", "loadTable");
  }

  @Test
  void defaultMetaNamespace() {
    assertThat(new MigrationHistory(catalog).tableIdentifier().toString())
        .isEqualTo("_iceberg_ops.migration_history");
  }

  @Test
  void firstRecordCreatesTheTableWithAParquetDataFile() throws IOException {
    HistoryRecord row = applied("0001", "sales", T0);
    TestWrites.record(history, row, null);

    assertThat(catalog.namespaceExists(Namespace.of(metaNamespace))).isTrue();
    Table table = catalog.loadTable(history.tableIdentifier());
    assertThat(table.schema().columns())
        .extracting(f -> f.fieldId(), f -> f.name(), f -> f.type(), f -> f.isRequired())
        .containsExactly(
            tuple(1, "version", Types.StringType.get(), true),
            tuple(2, "namespace", Types.StringType.get(), true),
            tuple(3, "description", Types.StringType.get(), false),
            tuple(4, "status", Types.StringType.get(), true),
            tuple(5, "error", Types.StringType.get(), false),
            tuple(6, "checksum", Types.StringType.get(), false),
            tuple(7, "updated_at", Types.TimestampType.withZone(), true),
            tuple(8, "duration_ms", Types.LongType.get(), false),
            tuple(9, "operation", Types.StringType.get(), false),
            tuple(10, "steps", Types.ListType.ofOptional(18, Types.StringType.get()), false),
            tuple(11, "run_id", Types.StringType.get(), false),
            tuple(12, "lease_host", Types.StringType.get(), false),
            tuple(13, "lease_pid", Types.LongType.get(), false),
            tuple(14, "lease_expires_at", Types.TimestampType.withZone(), false),
            tuple(15, "lease_pid_namespace", Types.StringType.get(), false),
            tuple(16, "lease_boot_id", Types.StringType.get(), false),
            tuple(
                17,
                "table_uuids",
                Types.MapType.ofOptional(19, 20, Types.StringType.get(), Types.StringType.get()),
                false));
    assertThat(table.spec().fields()).hasSize(1);
    PartitionField partition = table.spec().fields().get(0);
    assertThat(partition.transform().isIdentity()).isTrue();
    assertThat(table.schema().findColumnName(partition.sourceId())).isEqualTo("namespace");
    assertThat(table.properties())
        .containsEntry(TableProperties.DEFAULT_FILE_FORMAT, "parquet")
        .containsEntry(TableProperties.PARQUET_COMPRESSION, "uncompressed")
        .containsEntry(TableProperties.COMMIT_NUM_RETRIES, "20")
        .containsEntry("iceberg-ops.history.layout-version", "6");
    assertThat(
            ((org.apache.iceberg.HasTableOperations) table).operations().current().formatVersion())
        .isEqualTo(2);

    List<DataFile> files = AnotherEngine.dataFiles(table);
    assertThat(files).isNotEmpty();
    for (DataFile file : files) {
      assertThat(file.format()).isEqualTo(FileFormat.PARQUET);
      assertThat(file.location()).startsWith("s3://").endsWith(".parquet");
      try (InputStream in = table.io().newInputFile(file.location()).newStream()) {
        assertThat(in.readNBytes(4)).isEqualTo(new byte[] {'P', 'A', 'R', '1'});
      }
    }

    assertThat(history.read("sales")).containsExactly(row);
    assertThat(history.read("sales").get(0).updatedAt())
        .isEqualTo(T0.truncatedTo(ChronoUnit.MICROS));
  }

  @Test
  void rowsRoundTripWithNullsAndAllStatuses() {
    HistoryRecord failed =
        new HistoryRecord("0002", "sales", null, Status.FAILED, "boom: it broke", null, T0, 0L);
    HistoryRecord rolledBack =
        new HistoryRecord("0001", "sales", "", Status.ROLLED_BACK, null, "abc", T0, 17L);
    TestWrites.record(history, failed, null);
    TestWrites.record(history, rolledBack, null);

    assertThat(history.read("sales")).containsExactly(rolledBack, failed);
  }

  @Test
  void replacingARowKeepsOneRowPerKeyAndOtherNamespacesUntouched() {
    HistoryRecord salesOne = applied("0001", "sales", T0);
    HistoryRecord salesTwo = applied("0002", "sales", T0.plusSeconds(1));
    HistoryRecord hrOne = applied("0001", "hr", T0.plusSeconds(2));
    TestWrites.record(history, salesOne, null);
    TestWrites.record(history, salesTwo, null);
    TestWrites.record(history, hrOne, null);
    long before = catalog.loadTable(history.tableIdentifier()).currentSnapshot().snapshotId();

    HistoryRecord rolledBack =
        new HistoryRecord(
            "0002", "sales", "second", Status.ROLLED_BACK, null, "c2", T0.plusSeconds(3), 5L);
    TestWrites.record(history, rolledBack, salesTwo);

    assertThat(history.read("sales")).containsExactly(salesOne, rolledBack);
    assertThat(history.read("hr")).containsExactly(hrOne);
    assertThat(history.readAll()).containsExactly(hrOne, salesOne, rolledBack);
    assertThat(history.read("sales", before)).containsExactly(salesOne, salesTwo);
    assertThat(history.read("nobody")).isEmpty();
  }

  @Test
  void aReadOfAnUnchangedSnapshotReusesTheRowsItRead() {
    HistoryRecord one = applied("0001", "sales", T0);
    TestWrites.record(history, one, null);
    assertThat(history.read("sales")).containsExactly(one);

    Table table = catalog.loadTable(history.tableIdentifier());
    for (FileScanTask task : table.newScan().planFiles()) {
      table.io().deleteFile(task.file().location()); // a reader that reads again now fails
    }

    assertThat(history.read("sales")).as("the same instance, same snapshot").containsExactly(one);
    assertThatThrownBy(() -> new MigrationHistory(catalog, metaNamespace).read("sales"))
        .as("another instance reads the data files")
        .isInstanceOf(RuntimeException.class);
  }

  @Test
  void seedingWritesTheRowsOfManyNamespacesInOneCommit() {
    TestWrites.record(history, applied("0001", "sales", T0), null);
    Table before = catalog.loadTable(history.tableIdentifier());
    int snapshots = count(before.snapshots());
    List<HistoryRecord> copyOne =
        List.of(applied("0001", "copy_one", T0), applied("0002", "copy_one", T0.plusSeconds(1)));
    List<HistoryRecord> copyTwo = List.of(applied("0001", "copy_two", T0));

    TestWrites.writer(history).seed(Map.of("copy_one", copyOne, "copy_two", copyTwo));

    Table after = catalog.loadTable(history.tableIdentifier());
    assertThat(count(after.snapshots())).as("snapshots").isEqualTo(snapshots + 1);
    MigrationHistory other = new MigrationHistory(catalog, metaNamespace);
    assertThat(other.read("copy_one")).containsExactlyElementsOf(copyOne);
    assertThat(other.read("copy_two")).containsExactlyElementsOf(copyTwo);
    assertThat(other.read("sales")).containsExactly(applied("0001", "sales", T0));
  }

  private static int count(Iterable<Snapshot> snapshots) {
    int count = 0;
    for (Snapshot ignored : snapshots) {
      count++;
    }
    return count;
  }

  @Test
  void aSeededNamespaceIsReadWithoutItsDataFile() {
    List<HistoryRecord> rows = List.of(applied("0001", "seeded", T0));
    TestWrites.writer(history).seed(Map.of("seeded", rows));
    Table table = catalog.loadTable(history.tableIdentifier());
    for (FileScanTask task : table.newScan().planFiles()) {
      table.io().deleteFile(task.file().location()); // a reader that reads it now fails
    }

    assertThat(new MigrationHistory(catalog, metaNamespace).read("seeded"))
        .as("another instance, at the snapshot the seeding committed")
        .containsExactlyElementsOf(rows);
  }

  @Test
  void aSeededNamespaceTakesItsNextWriteLikeAnyOther() {
    TestWrites.writer(history).seed(Map.of("seeded", List.of(applied("0001", "seeded", T0))));
    MigrationHistory runner = new MigrationHistory(catalog, metaNamespace);
    HistoryRecord two = applied("0002", "seeded", T0.plusSeconds(1));

    TestWrites.record(runner, two, null);

    assertThat(new MigrationHistory(catalog, metaNamespace).read("seeded"))
        .containsExactly(applied("0001", "seeded", T0), two);
  }

  @Test
  void seedingANamespaceThatHasHistoryFailsAndWritesNothing() {
    TestWrites.record(history, applied("0001", "sales", T0), null);
    long before = catalog.loadTable(history.tableIdentifier()).currentSnapshot().snapshotId();

    assertThatThrownBy(
            () ->
                TestWrites.writer(history)
                    .seed(
                        Map.of(
                            "fresh", List.of(applied("0001", "fresh", T0)),
                            "sales", List.of(applied("0002", "sales", T0)))))
        .isInstanceOf(HistoryConflictException.class)
        .hasMessage("Cannot seed migration history of namespace sales: it has history already");
    assertThat(catalog.loadTable(history.tableIdentifier()).currentSnapshot().snapshotId())
        .isEqualTo(before);
    assertThat(history.read("fresh")).isEmpty();
  }

  @Test
  void seedingARowUnderAnotherNamespaceFails() {
    assertThatThrownBy(
            () ->
                TestWrites.writer(history)
                    .seed(Map.of("copy", List.of(applied("0001", "sales", T0)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot seed migration history of namespace copy: row 0001 belongs to namespace"
                + " sales");
    assertThat(catalog.tableExists(history.tableIdentifier())).isFalse();
  }

  @Test
  void aWriteReplacesOnlyTheFileThatHoldsTheRowsItChanges() {
    NamespaceHistory many = history.load("sales");
    for (int v = 1; v <= 100; v++) {
      many = many.with(applied(String.format("%04d", v), "sales", T0));
    }
    many = TestWrites.writer(history).commit(history.load("sales"), many);

    HistoryRecord running = row("0101", Status.RUNNING);
    NamespaceHistory taken = TestWrites.writer(history).commit(many, many.with(running));
    assertThat(lastSnapshot())
        .as("a new row: one file of one row added, none deleted")
        .containsEntry("added-data-files", "1")
        .containsEntry("added-records", "1")
        .doesNotContainKey("deleted-data-files");

    TestWrites.writer(history).commit(taken, taken.with(row("0101", Status.APPLIED)));
    assertThat(lastSnapshot())
        .as("a changed row: only the file that held it replaced")
        .containsEntry("deleted-data-files", "1")
        .containsEntry("deleted-records", "1")
        .containsEntry("added-records", "1");
    assertThat(new MigrationHistory(catalog, metaNamespace).read("sales"))
        .hasSize(101)
        .last()
        .isEqualTo(row("0101", Status.APPLIED));
  }

  @Test
  void aNamespaceThatWouldHoldTooManyFilesIsRewrittenWhole() {
    NamespaceHistory state = history.load("sales");
    for (int v = 1; v <= HistoryRewrite.MAX_FILES + 1; v++) {
      state =
          TestWrites.writer(history)
              .commit(state, state.with(applied(String.format("%04d", v), "sales", T0)));
      assertThat(dataFiles())
          .as("files after version %s", v)
          .isLessThanOrEqualTo(HistoryRewrite.MAX_FILES);
    }

    assertThat(dataFiles()).isEqualTo(1);
    assertThat(lastSnapshot())
        .containsEntry("deleted-data-files", String.valueOf(HistoryRewrite.MAX_FILES))
        .containsEntry("added-records", String.valueOf(HistoryRewrite.MAX_FILES + 1));
    assertThat(new MigrationHistory(catalog, metaNamespace).read("sales"))
        .extracting(HistoryRecord::version)
        .doesNotHaveDuplicates()
        .hasSize(HistoryRewrite.MAX_FILES + 1);
  }

  private Map<String, String> lastSnapshot() {
    return catalog.loadTable(history.tableIdentifier()).currentSnapshot().summary();
  }

  private int dataFiles() {
    int files = 0;
    for (FileScanTask ignored :
        catalog.loadTable(history.tableIdentifier()).newScan().planFiles()) {
      files++;
    }
    return files;
  }

  private static HistoryRecord row(String version, Status status) {
    return new HistoryRecord(
        version, "sales", "migration " + version, status, null, "sum-" + version, T0, 42L);
  }

  @Test
  void aReadAfterAnotherWriterCommittedReadsTheNewSnapshot() {
    HistoryRecord one = applied("0001", "sales", T0);
    TestWrites.record(history, one, null);
    assertThat(history.read("sales")).containsExactly(one);

    HistoryRecord two = applied("0002", "sales", T0.plusSeconds(1));
    TestWrites.record(new MigrationHistory(catalog, metaNamespace), two, null);

    assertThat(history.read("sales")).containsExactly(one, two);
    assertThat(history.read("hr")).as("another namespace of the same snapshot").isEmpty();
  }

  @Test
  void timeTravelToAnUnknownSnapshotFails() {
    TestWrites.record(history, applied("0001", "sales", T0), null);

    assertThatThrownBy(() -> history.read("sales", 42L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot read migration history at snapshot 42:");
  }

  @Test
  void twoRunsRecordingTheSameVersionAtOnceKeepOneRow() throws Exception {
    RESTCatalog first = environment.newCatalogClient("history-a");
    RESTCatalog second = environment.newCatalogClient("history-b");
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 4; round++) {
        String version = String.format("%04d", round + 1);
        MigrationHistory a = new MigrationHistory(first, metaNamespace);
        MigrationHistory b = new MigrationHistory(second, metaNamespace);
        HistoryRecord rowA = applied(version, "sales", T0.plusSeconds(round));
        HistoryRecord rowB =
            new HistoryRecord(version, "sales", "b", Status.FAILED, "e", null, T0, 1L);
        CyclicBarrier start = new CyclicBarrier(2);
        Future<Throwable> resultA = pool.submit(recording(a, rowA, start));
        Future<Throwable> resultB = pool.submit(recording(b, rowB, start));
        Throwable errorA = resultA.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
        Throwable errorB = resultB.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);

        assertThat(errorA == null ^ errorB == null)
            .as("exactly one writer wins (a: %s, b: %s)", errorA, errorB)
            .isTrue();
        Throwable loser = errorA == null ? errorB : errorA;
        assertThat(loser).isInstanceOf(HistoryConflictException.class);
        List<HistoryRecord> rows =
            history.read("sales").stream().filter(r -> r.version().equals(version)).toList();
        assertThat(rows).containsExactly(errorA == null ? rowA : rowB);
      }
    } finally {
      pool.shutdownNow();
      first.close();
      second.close();
    }
    assertThat(history.read("sales")).hasSize(4);
  }

  @Test
  void concurrentWritersOfDifferentVersionsInOneNamespaceLoseNoRow() throws Exception {
    RESTCatalog first = environment.newCatalogClient("versions-a");
    RESTCatalog second = environment.newCatalogClient("versions-b");
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      CyclicBarrier start = new CyclicBarrier(2);
      Future<Throwable> a =
          pool.submit(
              recording(
                  new MigrationHistory(first, metaNamespace), applied("0001", "sales", T0), start));
      Future<Throwable> b =
          pool.submit(
              recording(
                  new MigrationHistory(second, metaNamespace),
                  applied("0002", "sales", T0),
                  start));

      assertThat(a.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)).isNull();
      assertThat(b.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)).isNull();
      assertThat(history.read("sales"))
          .extracting(HistoryRecord::version)
          .containsExactly("0001", "0002");
    } finally {
      pool.shutdownNow();
      first.close();
      second.close();
    }
  }

  @Test
  void runnersOfDifferentNamespacesShareTheTable() throws Exception {
    int writers = 8;
    int versions = 3;
    List<RESTCatalog> clients = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      CyclicBarrier start = new CyclicBarrier(writers);
      List<Future<List<HistoryRecord>>> results = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        RESTCatalog client = environment.newCatalogClient("writer-" + w);
        clients.add(client);
        MigrationHistory own = new MigrationHistory(client, metaNamespace);
        String namespace = "ns" + w;
        results.add(
            pool.submit(
                () -> {
                  start.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
                  List<HistoryRecord> written = new ArrayList<>();
                  for (int v = 1; v <= versions; v++) {
                    HistoryRecord row =
                        applied(String.format("%04d", v), namespace, T0.plusMillis(v));
                    TestWrites.record(own, row, null);
                    written.add(row);
                  }
                  return written;
                }));
      }
      List<HistoryRecord> expected = new ArrayList<>();
      for (Future<List<HistoryRecord>> result : results) {
        expected.addAll(result.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES));
      }

      assertThat(history.readAll()).hasSize(writers * versions).containsExactlyElementsOf(expected);
      for (int w = 0; w < writers; w++) {
        assertThat(history.read("ns" + w)).hasSize(versions);
      }
    } finally {
      pool.shutdownNow();
      for (RESTCatalog client : clients) {
        client.close();
      }
    }
  }

  @Test
  void anyIcebergReaderCanReadTheTable() throws IOException {
    HistoryRecord one = applied("0001", "sales", T0);
    HistoryRecord two =
        new HistoryRecord("0002", "hr", null, Status.FAILED, "boom", null, T0.plusSeconds(1), 3L);
    TestWrites.record(history, one, null);
    TestWrites.record(history, two, null);

    Catalog plain =
        CatalogUtil.buildIcebergCatalog("plain-reader", environment.catalogProperties(), null);
    try {
      Table table = plain.loadTable(history.tableIdentifier());
      List<Record> records = new ArrayList<>();
      try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
        rows.forEach(records::add);
      }
      assertThat(records)
          .extracting(
              r -> r.getField("version"),
              r -> r.getField("namespace"),
              r -> r.getField("status"),
              r -> r.getField("error"),
              r -> ((java.time.OffsetDateTime) r.getField("updated_at")).toInstant(),
              r -> r.getField("duration_ms"))
          .containsExactlyInAnyOrder(
              tuple("0001", "sales", "applied", null, one.updatedAt(), 42L),
              tuple("0002", "hr", "failed", "boom", two.updatedAt(), 3L));
    } finally {
      if (plain instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
    }
  }

  @Test
  void rowsRoundTripTheirOperationStepsAndRun() {
    HistoryRecord row =
        new HistoryRecord(
            "0002",
            "sales",
            "add a and b",
            Status.FAILED,
            "boom",
            "sum-0002",
            T0,
            12L,
            "upgrade",
            List.of("add column sales.t.a", "add column sales.t.b (outcome unknown)"),
            "run-9");

    TestWrites.record(history, row, null);

    assertThat(history.read("sales")).containsExactly(row);
    assertThat(history.read("sales").get(0).steps())
        .containsExactly("add column sales.t.a", "add column sales.t.b (outcome unknown)");
  }

  @Test
  void aLeaseIsStoredAsARowOfItsNamespaceUntilReleased() throws IOException {
    HistoryRecord one = applied("0001", "sales", T0);
    TestWrites.record(history, one, null);
    RunLease lease = new RunLease("build-7", 4242L, "run-1", T0, T0.plusSeconds(60));
    NamespaceHistory read = history.load("sales");

    NamespaceHistory leased = TestWrites.writer(history).commit(read, read.withLease(lease));

    assertThat(history.lease("sales")).contains(lease);
    assertThat(history.lease("hr")).isEmpty();
    assertThat(leased.lease()).contains(lease);
    assertThat(history.read("sales")).containsExactly(one);
    assertThat(history.readAll()).containsExactly(one);
    assertThat(leased)
        .hasToString(
            "NamespaceHistory{sales, snapshot="
                + leased.snapshotId()
                + ", rows=1, lease="
                + lease
                + "}");
    Record stored = storedRow("sales", "lease");
    assertThat(stored.getField("status")).isEqualTo("leased");
    assertThat(stored.getField("description"))
        .isEqualTo("run lease held by build-7 (pid 4242, run run-1)");
    assertThat(stored.getField("lease_host")).isEqualTo("build-7");
    assertThat(stored.getField("lease_pid")).isEqualTo(4242L);
    assertThat(stored.getField("run_id")).isEqualTo("run-1");
    assertThat(((OffsetDateTime) stored.getField("updated_at")).toInstant())
        .isEqualTo(lease.since());
    assertThat(((OffsetDateTime) stored.getField("lease_expires_at")).toInstant())
        .isEqualTo(lease.expiresAt());

    NamespaceHistory released = TestWrites.writer(history).commit(leased, leased.withoutLease());

    assertThat(released.lease()).isEmpty();
    assertThat(history.lease("sales")).isEmpty();
    assertThat(history.read("sales")).containsExactly(one);
  }

  @Test
  void commitReturnsTheStateItStoredAndANextCommitMayStartFromIt() {
    HistoryRecord one = applied("0001", "sales", T0);
    HistoryRecord two = applied("0002", "sales", T0.plusSeconds(1));
    NamespaceHistory read = history.load("sales");

    NamespaceHistory stored = TestWrites.writer(history).commit(read, read.with(one));

    Table table = catalog.loadTable(history.tableIdentifier());
    assertThat(stored.namespace()).isEqualTo("sales");
    assertThat(stored.snapshotId()).isEqualTo(table.currentSnapshot().snapshotId());
    assertThat(stored.rows()).containsExactly(one);
    assertThat(stored.lease()).isEmpty();

    TestWrites.writer(history).commit(stored, stored.with(two));

    assertThat(history.read("sales")).containsExactly(one, two);
  }

  @Test
  void aCommitThatLosesToAnotherWriterLeavesNoDataFileBehind() {
    TestWrites.record(history, applied("0001", "sales", T0), null);
    NamespaceHistory stale = history.load("sales");
    TestWrites.record(
        new MigrationHistory(catalog, metaNamespace), applied("0002", "sales", T0), null);

    assertThatThrownBy(
            () ->
                TestWrites.writer(history).commit(stale, stale.with(applied("0003", "sales", T0))))
        .isInstanceOf(HistoryConflictException.class)
        .hasMessageStartingWith(
            "Cannot record migration history of namespace sales: another writer changed it"
                + " concurrently");

    Table table = catalog.loadTable(history.tableIdentifier());
    Set<String> written = new TreeSet<>();
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.addedDataFiles(table.io()).forEach(file -> written.add(file.location()));
    }
    Set<String> present = new TreeSet<>();
    ((SupportsPrefixOperations) table.io())
        .listPrefix(table.location() + "/data/")
        .forEach(file -> present.add(file.location()));
    assertThat(present).isEqualTo(written);
    assertThat(history.read("sales"))
        .extracting(HistoryRecord::version)
        .containsExactly("0001", "0002");
  }

  /** A history commit (a whole overwrite or a row delta) whose commit always loses. */
  private static <T> T losing(Class<T> type, T real, AtomicInteger commits) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> {
              if (method.getName().equals("commit")) {
                commits.incrementAndGet();
                throw new CommitFailedException("another writer committed first");
              }
              Object result = invoke(real, method, args);
              return result == real ? proxy : result;
            }));
  }

  /**
   * The REST catalog, as both a {@link Catalog} and a {@link SupportsNamespaces}, writing the name
   * of each method called on it into {@code calls}.
   */
  private static Catalog recordingCalls(RESTCatalog real, List<String> calls) {
    return (Catalog)
        Proxy.newProxyInstance(
            Catalog.class.getClassLoader(),
            new Class<?>[] {Catalog.class, SupportsNamespaces.class},
            (proxy, method, args) -> {
              calls.add(method.getName());
              return invoke(real, method, args);
            });
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** The raw record of one (namespace, version) in the history table. */
  private Record storedRow(String namespace, String version) throws IOException {
    Table table = catalog.loadTable(history.tableIdentifier());
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(table)
            .where(
                Expressions.and(
                    Expressions.equal("namespace", namespace),
                    Expressions.equal("version", version)))
            .build()) {
      List<Record> found = new ArrayList<>();
      rows.forEach(r -> found.add(r.copy()));
      assertThat(found).hasSize(1);
      return found.get(0);
    }
  }

  private static Callable<Throwable> recording(
      MigrationHistory history, HistoryRecord row, CyclicBarrier start) {
    return () -> {
      start.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
      try {
        TestWrites.record(history, row, null);
        return null;
      } catch (RuntimeException e) {
        return e;
      }
    };
  }

  private static HistoryRecord applied(String version, String namespace, Instant at) {
    return new HistoryRecord(
        version,
        namespace,
        "migration " + version,
        Status.APPLIED,
        null,
        "sum-" + version,
        at,
        42L);
  }
}
