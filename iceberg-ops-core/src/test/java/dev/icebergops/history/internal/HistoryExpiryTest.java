package dev.icebergops.history.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddA;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A history table that serves run after run, on the real REST catalog and S3: its older snapshots
 * expire with the files only they held, a released lease leaves no tag, and no namespace loses a
 * row, also while two namespaces run at once.
 */
@ExtendWith(SharedEnvironment.class)
class HistoryExpiryTest {

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
  void aHistoryTableThatServedManyRunsKeepsItsLastSnapshotsAndEveryRow() {
    String first = namespace(0);
    runner(first).migrate();
    Table table = historyTable();
    String firstMetadata = metadataFile(table);
    table
        .updateProperties()
        .set(TableProperties.MIN_SNAPSHOTS_TO_KEEP, "3")
        .set(TableProperties.METADATA_PREVIOUS_VERSIONS_MAX, "3")
        .commit();
    String firstManifestList = table.currentSnapshot().manifestListLocation();

    List<String> namespaces = new ArrayList<>(List.of(first));
    for (int i = 1; i <= 8; i++) {
      namespaces.add(namespace(i));
      MigrationRunner runner = runner(namespaces.get(i));
      runner.migrate();
      runner.rollback(1);
    }

    table = historyTable();
    assertThat(table.snapshots())
        .extracting(Snapshot::snapshotId)
        .as("the snapshots kept")
        .hasSizeBetween(3, 6);
    assertThat(table.io().newInputFile(firstManifestList).exists())
        .as("the first snapshot's manifest list, deleted with it")
        .isFalse();
    assertThat(table.io().newInputFile(firstMetadata).exists())
        .as("the first metadata file, past the table's metadata log")
        .isFalse();
    assertThat(table.refs()).as("no tag: every lease was released").containsOnlyKeys("main");
    assertThat(rows(first)).containsExactly("0001 applied", "0002 applied");
    for (String namespace : namespaces.subList(1, namespaces.size())) {
      assertThat(rows(namespace)).as(namespace).containsExactly("0001 applied", "0002 rolled_back");
    }
  }

  @Test
  void snapshotsYoungerThanTheMaxAgeSetOnTheTableAreKept() {
    runner(namespace(0)).migrate();
    Table table = historyTable();
    table
        .updateProperties()
        .set(TableProperties.MIN_SNAPSHOTS_TO_KEEP, "2")
        .set(TableProperties.MAX_SNAPSHOT_AGE_MS, "3600000")
        .commit();
    long firstSnapshot = table.snapshots().iterator().next().snapshotId();

    for (int i = 1; i <= 4; i++) {
      runner(namespace(i)).migrate();
    }

    table = historyTable();
    assertThat(table.snapshots())
        .as("every snapshot, all of them younger than an hour")
        .hasSizeGreaterThan(8)
        .extracting(Snapshot::snapshotId)
        .contains(firstSnapshot);
  }

  @Test
  void aRunHoldsItsLeaseTagUntilItsReleaseRemovesIt() {
    String namespace = namespace(0);
    List<Optional<Long>> marks = new ArrayList<>();
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.of(V0001__CreateT.class, V0002__AddA.class))
            .onEvent(
                event -> {
                  if (event instanceof RunEvent.StepDone) {
                    marks.add(history.leaseMark(namespace));
                  }
                })
            .build();

    runner.migrate();

    assertThat(marks).hasSize(2);
    assertThat(marks.get(0)).as("the tag after 0001, the lease held").isPresent();
    assertThat(marks.get(1)).as("after 0002, whose commit released the lease").isEmpty();
    assertThat(history.leaseMark(namespace)).as("the tag after the release").isEmpty();
    assertThat(historyTable().refs()).containsOnlyKeys("main");
  }

  @Test
  void runsOfTwoNamespacesAtOnceLoseNoRowWhileTheirHistorySnapshotsExpire() throws Exception {
    runner(namespace(0)).migrate();
    historyTable().updateProperties().set(TableProperties.MIN_SNAPSHOTS_TO_KEEP, "2").commit();

    ExecutorService threads = Executors.newFixedThreadPool(2);
    List<Future<List<String>>> done = new ArrayList<>();
    try {
      for (int t = 0; t < 2; t++) {
        int thread = t;
        done.add(
            threads.submit(
                () -> {
                  List<String> migrated = new ArrayList<>();
                  for (int i = 0; i < 6; i++) {
                    String namespace = namespace(100 * (thread + 1) + i);
                    runner(namespace).migrate();
                    migrated.add(namespace);
                  }
                  return migrated;
                }));
      }
      for (Future<List<String>> each : done) {
        for (String namespace : each.get()) {
          assertThat(rows(namespace)).as(namespace).containsExactly("0001 applied", "0002 applied");
        }
      }
    } finally {
      threads.shutdownNow();
    }
    // 25 without expiry; the last write's expiry may have lost its commit to the other thread's
    // write
    assertThat(historyTable().snapshots())
        .extracting(Snapshot::snapshotId)
        .as("the snapshots kept")
        .hasSizeLessThanOrEqualTo(8);
  }

  private String namespace(int i) {
    return "ex_" + meta.substring(5) + "_" + i;
  }

  private MigrationRunner runner(String namespace) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(MigrationSource.of(V0001__CreateT.class, V0002__AddA.class))
        .build();
  }

  /** The namespace's rows as read: {@code 0001 applied}. */
  private List<String> rows(String namespace) {
    return history.read(namespace).stream()
        .map(row -> row.version() + " " + row.status().value())
        .toList();
  }

  private static String metadataFile(Table table) {
    return ((HasTableOperations) table).operations().current().metadataFileLocation();
  }

  private Table historyTable() {
    return catalog.loadTable(TableIdentifier.of(meta, MigrationHistory.TABLE_NAME));
  }
}
