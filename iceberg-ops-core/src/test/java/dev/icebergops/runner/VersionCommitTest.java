package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.FailureFixtures.V0001__CreateT;
import dev.icebergops.runner.FailureFixtures.V0002__AddAAndB;
import dev.icebergops.runner.FailureFixtures.V0004__AddC;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.FaultProxy.Fault;
import dev.icebergops.testing.ProxiedClients;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On a REST catalog a version's table changes go out with its history row in one multi-table
 * commit: one catalog commit per version, and a commit the server refuses leaves nothing of the
 * version. The runner's catalog requests go through a {@link FaultProxy}, which counts them and
 * refuses the one a test names.
 */
@ExtendWith(SharedEnvironment.class)
class VersionCommitTest {

  private static final String TRANSACTION = "/transactions/commit ";

  private IcebergTestEnvironment environment;
  private Catalog catalog;
  private FaultProxy proxy;
  private RESTCatalog proxied;
  private String namespace;
  private String meta;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) throws Exception {
    this.environment = environment;
    catalog = environment.catalog();
    proxy = FaultProxy.start(environment.catalogProperties().get("uri"), Duration.ofSeconds(5));
    proxied = ProxiedClients.catalogThrough(environment, proxy);
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "vc_" + suffix;
    meta = "_ops_" + suffix;
  }

  @AfterEach
  void tearDown() throws Exception {
    proxied.close();
    proxy.close();
  }

  @Test
  void eachVersionOfTableUpdatesIsOneCatalogCommit() {
    runner(catalog, V0001__CreateT.class).migrate();
    proxy.clearLog();

    runner(proxied, V0001__CreateT.class, V0002__AddAAndB.class, V0004__AddC.class).migrate();

    List<String> writes = proxy.requests().stream().filter(FaultProxy.WRITES).toList();
    // the lease taken with 0002's running row, then 0002 (two columns) and 0004 in one commit each
    assertThat(writes).as("the run's writes").hasSize(3);
    assertThat(writes.subList(1, 3)).allMatch(line -> line.contains(TRANSACTION));
    assertThat(columns()).containsExactly("id", "a", "b", "c");
  }

  /**
   * A catalog whose properties say its multi-table commit is not to be trusted (the reference
   * fixture's is not atomic) gets each table's change and the history row as commits of their own,
   * as a catalog without the endpoint does.
   */
  @Test
  void aCatalogSetToCommitOneTableAtATimeGetsNoMultiTableCommit() throws Exception {
    runner(catalog, V0001__CreateT.class).migrate();
    proxy.clearLog();
    try (RESTCatalog oneAtATime =
        ProxiedClients.catalogThrough(
            environment, proxy, Map.of(LeaseFence.MULTI_TABLE_COMMITS, "false"))) {

      runner(oneAtATime, V0001__CreateT.class, V0002__AddAAndB.class, V0004__AddC.class).migrate();
    }

    List<String> writes = proxy.requests().stream().filter(FaultProxy.WRITES).toList();
    assertThat(writes).as("the run's writes").isNotEmpty().noneMatch(l -> l.contains(TRANSACTION));
    assertThat(columns()).containsExactly("id", "a", "b", "c");
    assertThat(runner(catalog, V0001__CreateT.class).history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(
            tuple("0001", Status.APPLIED),
            tuple("0002", Status.APPLIED),
            tuple("0004", Status.APPLIED));
  }

  @Test
  void aVersionReadsTheHistoryOnceBeforeAndOnceAfterItsCommitAndItsTableOnlyForItsUpgrade() {
    runner(catalog, V0001__CreateT.class).migrate();
    proxy.clearLog();

    runner(proxied, V0001__CreateT.class, V0002__AddAAndB.class, V0004__AddC.class).migrate();

    List<String> requests = proxy.requests();
    List<Integer> commits = new ArrayList<>();
    for (int i = 0; i < requests.size(); i++) {
      if (requests.get(i).contains(TRANSACTION)) {
        commits.add(i);
      }
    }
    assertThat(commits).as("one commit per version").hasSize(2);
    // after 0002's commit, and up to 0004's: the history read once after the one and once before
    // the other, the table loaded by 0004's upgrade, the tables listed for their uuids
    List<String> between = requests.subList(commits.get(0) + 1, commits.get(1));
    String history = "GET /v1/namespaces/" + meta + "/tables/" + MigrationHistory.TABLE_NAME;
    String table = "GET /v1/namespaces/" + namespace + "/tables/t";
    assertThat(between)
        .as("the requests between the two versions' commits")
        .hasSize(4)
        .filteredOn(line -> line.startsWith(history + " ") || line.startsWith(history + "?"))
        .hasSize(2);
    assertThat(between)
        .filteredOn(line -> line.startsWith(table + " ") || line.startsWith(table + "?"))
        .hasSize(1);
    assertThat(columns()).containsExactly("id", "a", "b", "c");
  }

  @Test
  void aVersionLoadsOnlyTheTablesItMayHaveMadeNotEveryTableOfItsNamespace() {
    runner(catalog, V0001__CreateT.class).migrate();
    for (int i = 0; i < 20; i++) {
      catalog.createTable(TableIdentifier.of(namespace, "x" + i), FailureFixtures.T);
    }
    proxy.clearLog();

    runner(proxied, V0001__CreateT.class, V0002__AddAAndB.class, V0004__AddC.class).migrate();

    String others = "GET /v1/namespaces/" + namespace + "/tables/x";
    assertThat(proxy.requests())
        .filteredOn(line -> line.startsWith(others))
        .as("the other tables' loads: each once, before the first version")
        .hasSize(20);
    Map<String, String> uuids = new java.util.TreeMap<>();
    catalog
        .listTables(org.apache.iceberg.catalog.Namespace.of(namespace))
        .forEach(id -> uuids.put(id.name(), catalog.loadTable(id).uuid().toString()));
    assertThat(runner(catalog, V0001__CreateT.class).history())
        .extracting(HistoryRecord::version, HistoryRecord::tableUuids)
        .as("every table's uuid, recorded with each version of the run")
        .contains(tuple("0002", uuids), tuple("0004", uuids));

    // the history now lists every table: the next run loads none it does not change
    proxy.clearLog();
    runner(
            proxied,
            V0001__CreateT.class,
            V0002__AddAAndB.class,
            V0004__AddC.class,
            FailureFixtures.V0005__AddD.class)
        .migrate();
    assertThat(proxy.requests()).filteredOn(line -> line.startsWith(others)).isEmpty();
    assertThat(runner(catalog, V0001__CreateT.class).history())
        .extracting(HistoryRecord::version, HistoryRecord::tableUuids)
        .contains(tuple("0005", uuids));
  }

  @Test
  void aRunWithNothingPendingReadsNoTableOrViewOfTheNamespace() {
    runner(catalog, V0001__CreateT.class).migrate();
    proxy.clearLog();

    assertThat(runner(proxied, V0001__CreateT.class).migrate().versions()).isEmpty();

    // the history read, the lease taken from the table that read loaded (no second load), the
    // table read again and the lease released: the tables' uuids and the views are read only for a
    // version to run
    List<String> requests = proxy.requests();
    assertThat(requests)
        .as("the no-op run's requests")
        .hasSize(4)
        .noneMatch(line -> line.contains("/namespaces/" + namespace + "/"));
    assertThat(requests.subList(0, 2))
        .as("the history read, then the lease's take")
        .satisfiesExactly(
            read -> assertThat(read).startsWith("GET ").contains(MigrationHistory.TABLE_NAME),
            take -> assertThat(take).startsWith("POST ").contains(MigrationHistory.TABLE_NAME));
  }

  @Test
  void aVersionWhoseCommitTheServerRefusesLandsNothingAndIsRecordedFailed() {
    runner(catalog, V0001__CreateT.class).migrate();
    MigrationRunner runner =
        runner(proxied, V0001__CreateT.class, V0002__AddAAndB.class, V0004__AddC.class);
    proxy.inject(Fault.HTTP_400, line -> line.contains(TRANSACTION), 2);

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageStartingWith(
            "Cannot apply migration 0004 (Add c) to " + namespace + ": its commit was refused: ")
        .hasMessageContaining("injected fault")
        .hasMessageEndingWith("; nothing of it was committed");

    assertThat(proxy.injectedInto()).as("the refused commit").contains(TRANSACTION);
    assertThat(columns()).as("0002 whole, nothing of 0004").containsExactly("id", "a", "b");
    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::steps)
        .containsExactly(
            tuple("0001", Status.APPLIED, List.of("create table " + namespace + ".t")),
            tuple(
                "0002",
                Status.APPLIED,
                List.of("add column " + namespace + ".t.a", "add column " + namespace + ".t.b")),
            tuple("0004", Status.FAILED, List.of()));
    assertThat(runner.lease()).isEmpty();

    // nothing to undo: the rollback only records it, and the version applies again
    assertThat(runner.rollback(1).versions()).containsExactly("0004");
    assertThat(runner.migrate().versions()).containsExactly("0004");
    assertThat(columns()).containsExactly("id", "a", "b", "c");
  }

  /**
   * Another run takes the lease over just before a version's commit reaches the server (after the
   * run's last read of the history): the server refuses the commit on the lease fence, and the run
   * reports its lost lease at once; it does not wait on itself for its time bound.
   */
  @Test
  void aTakeoverJustBeforeAVersionsCommitIsReportedAsALostLease() {
    runner(catalog, V0001__CreateT.class).migrate();
    MigrationRunner other = runner(catalog, V0001__CreateT.class, V0002__AddAAndB.class);
    proxy.inject(
        Fault.SLOW,
        line -> line.contains(TRANSACTION),
        1,
        () -> {
          // an operator's release, then another run rolls the interrupted 0002 back
          other.releaseLease();
          other.rollbackTo("0001");
        });

    assertThatThrownBy(runner(proxied, V0001__CreateT.class, V0002__AddAAndB.class)::migrate)
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessageStartingWith(
            "Cannot apply migration 0002 (Add a and b) to "
                + namespace
                + ": its commit was refused: Cannot change "
                + namespace
                + ".t: this run no longer holds the run lease (run ")
        .hasMessageContaining(" took it over and has since released it); the change was refused")
        .hasMessageEndingWith("nothing of it was committed");

    assertThat(proxy.injectedInto()).as("the refused commit").contains(TRANSACTION);
    assertThat(columns()).as("nothing of 0002").containsExactly("id");
    assertThat(other.history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(tuple("0001", Status.APPLIED), tuple("0002", Status.ROLLED_BACK));
  }

  @Test
  void publishChangesLetsAnotherClientSeeTheVersionsChangesBeforeItEnds() {
    runner(catalog, V0001__CreateT.class).migrate();
    V0002__AddAndReadElsewhere.otherClient = catalog;
    runner(proxied, V0001__CreateT.class, V0002__AddAndReadElsewhere.class).migrate();

    assertThat(V0002__AddAndReadElsewhere.seen)
        .as("the columns another client saw mid-version: held back, then published")
        .containsExactly(List.of("id"), List.of("id", "a"));
    assertThat(columns()).containsExactly("id", "a", "b");
  }

  /**
   * Adds a column, reads the table through another client before and after publishing, adds one
   * more.
   */
  public static class V0002__AddAndReadElsewhere extends dev.icebergops.migration.BaseMigration {
    static final List<List<String>> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    static volatile Catalog otherClient; // the catalog client of "another engine"

    @Override
    public void upgrade(dev.icebergops.migration.MigrationContext ctx) {
      seen.clear();
      ctx.addColumn("t", "a", Types.StringType.get());
      seen.add(otherClientColumns(ctx));
      ctx.publishChanges();
      seen.add(otherClientColumns(ctx));
      ctx.addColumn("t", "b", Types.StringType.get());
    }

    @Override
    public void downgrade(dev.icebergops.migration.MigrationContext ctx) {
      ctx.deleteColumn("t", "b");
      ctx.deleteColumn("t", "a");
    }

    private static List<String> otherClientColumns(dev.icebergops.migration.MigrationContext ctx) {
      return otherClient.loadTable(ctx.identifier("t")).schema().columns().stream()
          .map(Types.NestedField::name)
          .toList();
    }
  }

  @SafeVarargs
  private MigrationRunner runner(Catalog client, Class<? extends Migration>... types) {
    return MigrationRunner.builder(client)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(MigrationSource.of(types))
        .build();
  }

  private List<String> columns() {
    return catalog.loadTable(TableIdentifier.of(namespace, "t")).schema().columns().stream()
        .map(Types.NestedField::name)
        .toList();
  }
}
