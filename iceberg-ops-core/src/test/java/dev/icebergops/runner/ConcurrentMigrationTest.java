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
import dev.icebergops.testing.SharedEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.Catalog;
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

  /** Creates the orders table, then waits until the other run is in its upgrade too. */
  public static class V0001__CreateOrdersTogether extends BaseMigration {
    private final CyclicBarrier bothInside;

    public V0001__CreateOrdersTogether(CyclicBarrier bothInside) {
      this.bothInside = bothInside;
    }

    @Override
    public void upgrade(MigrationContext ctx) throws Exception {
      ctx.createTableIfNotExists("orders", SalesMigrations.ORDERS);
      bothInside.await(30, TimeUnit.SECONDS);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  @Test
  void twoRunsOnOneNamespaceRecordOneRowAndTheLoserIsTold() throws Exception {
    String namespace = "sales_" + suffix;
    String meta = "_ops_" + suffix;
    CyclicBarrier bothInside = new CyclicBarrier(2);
    List<Future<MigrationResult>> runs = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int i = 0; i < 2; i++) {
        MigrationRunner runner =
            MigrationRunner.builder(environment.newCatalogClient("run-" + i))
                .namespace(namespace)
                .metaNamespace(meta)
                .source(MigrationSource.of(V0001__CreateOrdersTogether.class))
                .factory(type -> new V0001__CreateOrdersTogether(bothInside))
                .build();
        runs.add(pool.submit((Callable<MigrationResult>) runner::migrate));
      }
      List<Object> outcomes = new ArrayList<>();
      for (Future<MigrationResult> run : runs) {
        try {
          outcomes.add(run.get(60, TimeUnit.SECONDS).versions());
        } catch (java.util.concurrent.ExecutionException e) {
          outcomes.add(e.getCause());
        }
      }

      assertThat(outcomes).filteredOn(o -> o instanceof List).containsExactly(List.of("0001"));
      assertThat(outcomes)
          .filteredOn(o -> o instanceof ConcurrentMigrationException)
          .singleElement()
          .satisfies(
              e ->
                  assertThat(((ConcurrentMigrationException) e))
                      .hasMessageStartingWith(
                          "Cannot record migration 0001 for namespace " + namespace)
                      .extracting(ConcurrentMigrationException::version)
                      .isEqualTo("0001"));
    } finally {
      pool.shutdownNow();
    }
    MigrationRunner reader =
        MigrationRunner.builder(environment.catalog())
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.of(V0001__CreateOrdersTogether.class))
            .build();
    assertThat(reader.history())
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(tuple("0001", Status.APPLIED));
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
        assertThat(run.get(120, TimeUnit.SECONDS).versions())
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
  void aMigrationWhoseCommitConflictsRaisesConcurrentAndRecordsNothing() {
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
        .hasMessageStartingWith(
            "Cannot apply migration 0002 (Loses a commit race) to "
                + namespace
                + ": its commit conflicted with a concurrent commit")
        .hasMessageEndingWith("nothing was recorded")
        .hasCauseInstanceOf(CommitFailedException.class);

    assertThat(runner.history()).extracting(HistoryRecord::version).containsExactly("0001");
  }
}
