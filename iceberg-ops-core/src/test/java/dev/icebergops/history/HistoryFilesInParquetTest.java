package dev.icebergops.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.internal.HistoryFiles;
import dev.icebergops.history.internal.HistoryLayout;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddA;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The history's data files are Parquet that a reader without Avro (parquet-java alone) reads, and
 * an Avro-era history table is upgraded in place, once, with every row kept.
 */
@ExtendWith(SharedEnvironment.class)
class HistoryFilesInParquetTest {

  /**
   * What {@link ParquetOnlyReader}'s class loader holds: parquet-java's jars, the Hadoop classes
   * its file reader loads, SLF4J. No Iceberg, no Avro.
   */
  private static final Pattern PARQUET_ONLY =
      Pattern.compile(
          "(parquet-(column|common|encoding|format-structures|hadoop|jackson)|jts-core|slf4j-api"
              + "|hadoop-(common|mapreduce-client-core|shaded-guava)|commons-collections4"
              + "|woodstox-core|stax2-api)-[^/]*\\.jar");

  private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

  private IcebergTestEnvironment environment;
  private RESTCatalog catalog;
  private String meta;
  private String namespace;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    this.environment = environment;
    catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    meta = "_ops_" + suffix;
    namespace = "parquet_" + suffix;
  }

  @Test
  void everyFileTheRunnerWritesIsParquetThatParquetJavaAloneReads() throws Exception {
    MigrationRunner good = runner(MigrationSource.of(V0001__CreateT.class, V0002__AddA.class));
    good.migrate();
    good.rollback(1);
    MigrationRunner failing =
        runner(MigrationSource.of(V0001__CreateT.class, V0002__AddA.class, V0003__Fails.class));
    assertThatThrownBy(failing::migrate).hasMessageContaining("the backfill of b failed");

    Table table = catalog.loadTable(failing.historyTable().tableIdentifier());
    assertThat(table.properties())
        .containsEntry(TableProperties.DEFAULT_FILE_FORMAT, "parquet")
        .containsEntry(TableProperties.PARQUET_COMPRESSION, "uncompressed")
        .containsEntry(HistoryFiles.LAYOUT_VERSION_PROPERTY, "6");
    Map<String, Integer> tableIds = new LinkedHashMap<>();
    for (NestedField column : table.schema().columns()) {
      tableIds.put(column.name(), column.fieldId());
    }
    List<Map<String, Object>> everyRow = new ArrayList<>();
    int files = 0;
    try (URLClassLoader loader = parquetOnlyClassLoader()) {
      Function<byte[], Map<String, Object>> reader = parquetOnlyReader(loader);
      for (DataFile file : everyDataFile(table)) {
        files++;
        assertThat(file.format()).isEqualTo(FileFormat.PARQUET);
        byte[] bytes = bytes(table, file.location());
        assertThat(new String(bytes, 0, 4, "US-ASCII")).isEqualTo("PAR1");
        assertThat(new String(bytes, bytes.length - 4, 4, "US-ASCII")).isEqualTo("PAR1");
        Map<String, Object> read = reader.apply(bytes);
        assertThat(read.get("fieldIds")).as(file.location()).isEqualTo(tableIds);
        assertThat(read.get("codecs")).isEqualTo(Set.of("UNCOMPRESSED"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) read.get("rows");
        assertThat(rows).hasSize((int) file.recordCount());
        everyRow.addAll(rows);
      }
      // three runs: each writes a file when it takes the lease and one when it releases it (with
      // the rows its versions recorded as pending rows since)
      assertThat(files).isGreaterThanOrEqualTo(6);
      assertThat(everyRow)
          .extracting(row -> row.get("version") + " " + row.get("status"))
          .contains(
              "0001 running",
              "0001 applied",
              "0002 applied",
              "0002 rolled_back",
              "0003 failed",
              "lease leased");
      for (Map<String, Object> lease :
          everyRow.stream().filter(row -> "lease".equals(row.get("version"))).toList()) {
        assertThat(lease).containsKeys("lease_host", "lease_pid", "run_id", "lease_expires_at");
        assertThat((Instant) lease.get("lease_expires_at"))
            .isAfter((Instant) lease.get("updated_at"));
        assertThat(lease.get("namespace")).isEqualTo(namespace);
      }

      // the current snapshot, read by parquet-java alone, holds what the runner reports
      List<Map<String, Object>> current = new ArrayList<>();
      for (DataFile file : AnotherEngine.dataFiles(table)) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows =
            (List<Map<String, Object>>) reader.apply(bytes(table, file.location())).get("rows");
        current.addAll(rows);
      }
      List<HistoryRecord> reported = failing.history();
      assertThat(reported)
          .extracting(r -> r.version() + " " + r.status().value())
          .containsExactly("0001 applied", "0002 applied", "0003 failed");
      assertThat(current)
          .extracting(
              row -> row.get("version"),
              row -> row.get("namespace"),
              row -> row.get("status"),
              row -> row.get("error"),
              row -> row.get("checksum"),
              row -> row.get("updated_at"),
              row -> row.get("duration_ms"),
              row -> row.get("operation"),
              row -> row.get("steps"),
              row -> row.get("run_id"))
          .containsExactlyInAnyOrderElementsOf(
              reported.stream()
                  .map(
                      r ->
                          tuple(
                              r.version(),
                              r.namespace(),
                              r.status().value(),
                              r.error(),
                              r.checksum(),
                              r.updatedAt(),
                              r.durationMs(),
                              r.operation(),
                              r.steps(),
                              r.runId()))
                  .toList());
      assertThat(current).noneMatch(row -> "lease".equals(row.get("version")));
    }
  }

  @Test
  void anAvroEraTableIsUpgradedInPlaceInOneCommitKeepingEveryRow() throws Exception {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    Table old = AvroEraHistory.create(catalog, history.tableIdentifier());
    RunLease held = new RunLease("build-7", 4242L, "run-1", T0, T0.plusSeconds(3600));
    AvroEraHistory.append(old, "sales", List.of(row("sales", "0001"), row("sales", "0002")), null);
    AvroEraHistory.append(old, "sales", List.of(row("sales", "0003")), held);
    AvroEraHistory.append(old, "hr", List.of(row("hr", "0001")), null);
    old.refresh();
    assertThat(AnotherEngine.dataFiles(old))
        .hasSize(3)
        .extracting(DataFile::format)
        .containsOnly(FileFormat.AVRO);
    long avroEra = old.currentSnapshot().snapshotId();
    List<HistoryRecord> before = history.readAll();
    assertThat(before).hasSize(4);

    // the first write of this release upgrades the table, then records its row
    TestWrites.record(history, row("hr", "0002"), null);

    Table table = catalog.loadTable(history.tableIdentifier());
    assertThat(table.properties())
        .containsEntry(HistoryFiles.LAYOUT_VERSION_PROPERTY, "6")
        .containsEntry(TableProperties.DEFAULT_FILE_FORMAT, "parquet")
        .containsEntry(TableProperties.PARQUET_COMPRESSION, "uncompressed");
    List<Snapshot> upgrades = upgradeSnapshots(table);
    assertThat(upgrades).hasSize(1);
    Snapshot upgrade = upgrades.get(0);
    assertThat(upgrade.parentId()).isEqualTo(avroEra);
    assertThat(upgrade.summary())
        .containsEntry(HistoryLayout.SUMMARY_UPGRADE, "3 -> 6")
        .containsEntry("deleted-data-files", "3")
        .containsEntry("added-data-files", "2")
        .containsEntry("deleted-records", "5")
        .containsEntry("added-records", "5");
    assertThat(AnotherEngine.dataFiles(table))
        .extracting(DataFile::format)
        .containsOnly(FileFormat.PARQUET);

    List<HistoryRecord> after = history.readAll();
    List<HistoryRecord> expected = new ArrayList<>(before);
    expected.add(row("hr", "0002"));
    assertThat(after).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(history.lease("sales")).contains(held);
    // the Avro-era snapshot still reads by time travel
    assertThat(history.read("sales", avroEra))
        .extracting(HistoryRecord::version)
        .containsExactly("0001", "0002", "0003");
    // and parquet-java alone reads every file of the upgraded table
    try (URLClassLoader loader = parquetOnlyClassLoader()) {
      Function<byte[], Map<String, Object>> reader = parquetOnlyReader(loader);
      Set<String> versions = new TreeSet<>();
      for (DataFile file : AnotherEngine.dataFiles(table)) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows =
            (List<Map<String, Object>>) reader.apply(bytes(table, file.location())).get("rows");
        rows.forEach(r -> versions.add(r.get("namespace") + "/" + r.get("version")));
      }
      assertThat(versions)
          .containsExactly(
              "hr/0001", "hr/0002", "sales/0001", "sales/0002", "sales/0003", "sales/lease");
    }
  }

  @Test
  void aTableWithColumnsOfAnotherClientKeepsThemThroughTheUpgrade() throws IOException {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    Table old = AvroEraHistory.create(catalog, history.tableIdentifier());
    old.updateSchema().addColumn("approved_by", Types.StringType.get()).commit();
    Schema schema = old.schema();
    var record = HistoryFiles.toRecord(schema, row("sales", "0001"), null);
    record.setField("approved_by", "alice");
    old.newAppend().appendFile(AvroEraHistory.write(old, "sales", List.of(record))).commit();

    TestWrites.record(history, row("sales", "0002"), null);

    Table table = catalog.loadTable(history.tableIdentifier());
    assertThat(AnotherEngine.dataFiles(table))
        .extracting(DataFile::format)
        .containsOnly(FileFormat.PARQUET);
    assertThat(AnotherEngine.readAll(table))
        .extracting(r -> r.getField("version"), r -> r.getField("approved_by"))
        .containsExactlyInAnyOrder(tuple("0001", "alice"), tuple("0002", null));
  }

  @Test
  void twoRunnersUpgradingAtOnceUpgradeOnceAndLoseNoRow() throws Exception {
    MigrationHistory seeding = new MigrationHistory(catalog, meta);
    Table old = AvroEraHistory.create(catalog, seeding.tableIdentifier());
    List<String> namespaces = List.of("a", "b", "c");
    for (String ns : namespaces) {
      AvroEraHistory.append(old, ns, List.of(row(ns, "0001"), row(ns, "0002")), null);
    }
    int runners = 2;
    List<RESTCatalog> clients = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(runners);
    try {
      CyclicBarrier start = new CyclicBarrier(runners);
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < runners; i++) {
        RESTCatalog client = newClient("upgrader-" + i);
        clients.add(client);
        String ns = namespaces.get(i);
        Callable<Void> upgrader =
            () -> {
              MigrationHistory history = new MigrationHistory(client, meta);
              // both load the Avro-era table, then upgrade it at once, then record a row
              Table loaded = client.loadTable(history.tableIdentifier());
              start.await(30, TimeUnit.SECONDS);
              HistoryLayout.upgrade(loaded, history.tableIdentifier());
              TestWrites.record(history, row(ns, "0003"), null);
              return null;
            };
        done.add(pool.submit(upgrader));
      }
      for (Future<?> future : done) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
      for (RESTCatalog client : clients) {
        client.close();
      }
    }

    Table table = catalog.loadTable(seeding.tableIdentifier());
    assertThat(upgradeSnapshots(table)).hasSize(1);
    assertThat(table.properties()).containsEntry(HistoryFiles.LAYOUT_VERSION_PROPERTY, "6");
    assertThat(AnotherEngine.dataFiles(table))
        .extracting(DataFile::format)
        .containsOnly(FileFormat.PARQUET);
    assertThat(seeding.readAll())
        .extracting(r -> r.namespace() + "/" + r.version())
        .containsExactly(
            "a/0001", "a/0002", "a/0003", "b/0001", "b/0002", "b/0003", "c/0001", "c/0002");
    assertNoFileLeftBehind(table);
  }

  @Test
  void anUpgradeFromAStaleLoadUsesTheOtherWritersUpgradeAndLeavesNoFileBehind() {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    Table old = AvroEraHistory.create(catalog, history.tableIdentifier());
    AvroEraHistory.append(old, "sales", List.of(row("sales", "0001")), null);
    AvroEraHistory.append(old, "hr", List.of(row("hr", "0001")), null);
    Table stale = catalog.loadTable(history.tableIdentifier());
    TestWrites.record(history, row("sales", "0002"), null); // upgrades

    // the stale copy still says layout 3: it rewrites, loses its commit, and takes the other's
    HistoryLayout.upgrade(stale, history.tableIdentifier());

    Table table = catalog.loadTable(history.tableIdentifier());
    assertThat(upgradeSnapshots(table)).hasSize(1);
    assertThat(stale.properties()).containsEntry(HistoryFiles.LAYOUT_VERSION_PROPERTY, "6");
    assertThat(history.readAll())
        .extracting(r -> r.namespace() + "/" + r.version())
        .containsExactly("hr/0001", "sales/0001", "sales/0002");
    assertNoFileLeftBehind(table);
  }

  /** Every data file under the table's location is one that a snapshot added. */
  private static void assertNoFileLeftBehind(Table table) {
    Set<String> live = new TreeSet<>();
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.addedDataFiles(table.io()).forEach(file -> live.add(file.location()));
    }
    Set<String> stored = new TreeSet<>();
    String data = table.location() + "/data/";
    ((org.apache.iceberg.io.SupportsPrefixOperations) table.io())
        .listPrefix(data)
        .forEach(file -> stored.add(file.location()));
    assertThat(stored).containsExactlyInAnyOrderElementsOf(live);
  }

  private MigrationRunner runner(MigrationSource source) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .source(source)
        .metaNamespace(meta)
        .build();
  }

  private RESTCatalog newClient(String name) {
    return (RESTCatalog)
        CatalogUtil.buildIcebergCatalog(name, environment.catalogProperties(), null);
  }

  private static HistoryRecord row(String namespace, String version) {
    return new HistoryRecord(
        version,
        namespace,
        "migration " + version,
        Status.APPLIED,
        null,
        "sum-" + version,
        T0.plusSeconds(Integer.parseInt(version)),
        7L);
  }

  private static List<Snapshot> upgradeSnapshots(Table table) {
    List<Snapshot> upgrades = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      if (snapshot.summary().containsKey(HistoryLayout.SUMMARY_UPGRADE)) {
        upgrades.add(snapshot);
      }
    }
    return upgrades;
  }

  /** Every data file any snapshot of the table added, each once. */
  private static List<DataFile> everyDataFile(Table table) {
    Map<String, DataFile> files = new LinkedHashMap<>();
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.addedDataFiles(table.io()).forEach(file -> files.put(file.location(), file));
    }
    return List.copyOf(files.values());
  }

  private static byte[] bytes(Table table, String location) throws IOException {
    try (InputStream in = table.io().newInputFile(location).newStream()) {
      return in.readAllBytes();
    }
  }

  /** The test classes and the jars {@link #PARQUET_ONLY} names. */
  private static URLClassLoader parquetOnlyClassLoader() throws IOException {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry);
      if (entry.endsWith("test-classes")
          || PARQUET_ONLY.matcher(path.getFileName().toString()).matches()) {
        urls.add(path.toUri().toURL());
      }
    }
    return new URLClassLoader(
        "parquet-only", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  @SuppressWarnings("unchecked")
  private static Function<byte[], Map<String, Object>> parquetOnlyReader(ClassLoader loader)
      throws ReflectiveOperationException {
    Class<?> type = Class.forName(ParquetOnlyReader.class.getName(), true, loader);
    assertThat(type.getClassLoader()).isSameAs(loader);
    for (String absent :
        List.of(
            "org.apache.avro.Schema",
            "org.apache.iceberg.Table",
            "org.apache.parquet.avro.AvroReadSupport")) {
      assertThatThrownBy(() -> Class.forName(absent, false, loader))
          .as(absent)
          .isInstanceOf(ClassNotFoundException.class);
    }
    return (Function<byte[], Map<String, Object>>) type.getConstructor().newInstance();
  }

  public static class V0003__Fails extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      throw new IllegalStateException("the backfill of b failed");
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }
}
