package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Concurrent runs: never a duplicate history row, and the loser is told. */
@ExtendWith(SharedEnvironment.class)
class ConcurrentMigrationTest {

  private IcebergTestEnvironment environment;
  private String suffix;

  @BeforeEach
  void setUp(IcebergTestEnvironment env) {
    this.environment = env;
    this.suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /** Creates the orders table, then holds the run until the test lets it go on. */
  public static class V0001__CreateOrdersSlowly extends BaseMigration {
    private final CountDownLatch inside;
    private final CountDownLatch goOn;

    public V0001__CreateOrdersSlowly(CountDownLatch inside, CountDownLatch goOn) {
      this.inside = inside;
      this.goOn = goOn;
    }

    @Override
    public void upgrade(MigrationContext ctx) throws Exception {
      ctx.createTableIfNotExists("orders", SalesMigrations.ORDERS);
      inside.countDown();
      goOn.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  @Test
  void aSecondRunOnOneNamespaceFailsFastNamingTheLeaseHolder() throws Exception {
    String namespace = "sales_" + suffix;
    String meta = "_ops_" + suffix;
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch goOn = new CountDownLatch(1);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      MigrationRunner first = slowRunner(namespace, meta, inside, goOn, "first");
      Future<MigrationResult> running = pool.submit((Callable<MigrationResult>) first::migrate);
      assertThat(inside.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)).isTrue();

      MigrationRunner second = slowRunner(namespace, meta, inside, goOn, "second");
      assertThatThrownBy(second::migrate)
          .isInstanceOf(ConcurrentMigrationException.class)
          .hasMessageStartingWith("Cannot migrate " + namespace + ": another run holds its lease: ")
          .hasMessageContaining("(pid " + ProcessHandle.current().pid() + ", run ")
          .hasMessageContaining(" since ");
      assertThat(second.status())
          .extracting(MigrationStatus::version, MigrationStatus::state)
          .containsExactly(tuple("0001", MigrationStatus.State.RUNNING));
      assertThat(second.lease()).isPresent();

      goOn.countDown();
      assertThat(running.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES).versions())
          .containsExactly("0001");
      assertThat(second.lease()).isEmpty();
      assertThat(second.history())
          .extracting(HistoryRecord::version, HistoryRecord::status)
          .containsExactly(tuple("0001", Status.APPLIED));
    } finally {
      goOn.countDown();
      pool.shutdownNow();
    }
  }

  private MigrationRunner slowRunner(
      String namespace, String meta, CountDownLatch inside, CountDownLatch goOn, String client) {
    return MigrationRunner.builder(environment.newCatalogClient(client))
        .namespace(namespace)
        .metaNamespace(meta)
        .source(MigrationSource.of(V0001__CreateOrdersSlowly.class))
        .factory(type -> new V0001__CreateOrdersSlowly(inside, goOn))
        .build();
  }

  @Test
  void eightRunnersOnEightNamespacesAllSucceed() throws Exception {
    String meta = "_ops_" + suffix;
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<MigrationResult>> runs = new ArrayList<>();
    try {
      for (int i = 0; i < 8; i++) {
        Probe probe = new Probe();
        MigrationRunner runner =
            MigrationRunner.builder(environment.newCatalogClient("ns-" + i))
                .namespace("sales_" + suffix + "_" + i)
                .metaNamespace(meta)
                .source(SalesMigrations.all())
                .factory(SalesMigrations.factory(probe))
                .build();
        runs.add(pool.submit((Callable<MigrationResult>) runner::migrate));
      }
      for (Future<MigrationResult> run : runs) {
        assertThat(run.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES).versions())
            .containsExactly("0001", "0002", "0003", "0004");
      }
    } finally {
      pool.shutdownNow();
    }
    List<HistoryRecord> all =
        MigrationRunner.builder(environment.catalog())
            .namespace("any")
            .metaNamespace(meta)
            .source(SalesMigrations.all())
            .build()
            .historyTable()
            .readAll();
    assertThat(all).hasSize(32).allMatch(r -> r.status() == Status.APPLIED);
    assertThat(all.stream().map(r -> r.namespace() + "/" + r.version()).distinct()).hasSize(32);
  }

  /** Prepares a schema change, lets another client commit first, then commits its own. */
  public static class V0002__LosesACommitRace extends BaseMigration {
    private final Catalog other;

    public V0002__LosesACommitRace(Catalog other) {
      this.other = other;
    }

    @Override
    public void upgrade(MigrationContext ctx) {
      Table orders = ctx.loadTable("orders");
      UpdateSchema mine = orders.updateSchema().addColumn("mine", Types.StringType.get());
      other
          .loadTable(ctx.identifier("orders"))
          .updateSchema()
          .addColumn("theirs", Types.StringType.get())
          .commit();
      mine.commit();
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "mine");
    }
  }

  @Test
  void aMigrationWhoseCommitConflictsRaisesConcurrentAndIsRecordedFailed() {
    String namespace = "sales_" + suffix;
    Catalog other = environment.newCatalogClient("other");
    Probe probe = new Probe();
    MigrationRunner runner =
        MigrationRunner.builder(environment.catalog())
            .namespace(namespace)
            .metaNamespace("_ops_" + suffix)
            .source(
                MigrationSource.of(
                    SalesMigrations.V0001__CreateOrders.class, V0002__LosesACommitRace.class))
            .factory(
                type ->
                    type == V0002__LosesACommitRace.class
                        ? new V0002__LosesACommitRace(other)
                        : new SalesMigrations.V0001__CreateOrders(probe))
            .build();

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessage(
            "Cannot apply migration 0002 (Loses a commit race) to "
                + namespace
                + ": its commit was refused: Cannot commit to "
                + namespace
                + ".orders: another writer committed to it during this version (a concurrent"
                + " commit to the table); nothing of it was committed")
        .hasRootCauseInstanceOf(CommitFailedException.class);
    assertThat(
            environment
                .catalog()
                .loadTable(TableIdentifier.of(namespace, "orders"))
                .schema()
                .findField("mine"))
        .as("the column of the version whose commit was refused")
        .isNull();

    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(tuple("0001", Status.APPLIED), tuple("0002", Status.FAILED));
  }
}
