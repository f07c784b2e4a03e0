package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Eight runners on one namespace with non-idempotent migrations, over eight rounds in the plain
 * build (fifty with {@code -Psoak}): in even rounds they start at the same instant, in odd rounds
 * after random delays. The lease serialises them, so no row is duplicated, no version applied twice
 * and no namespace stranded.
 */
@ExtendWith(SharedEnvironment.class)
@Tag("failure-paths")
class RunnerRaceTest {

  private static final int ROUNDS = Integer.getInteger("reliability.raceRounds", 8);
  private static final int RUNNERS = 8;
  private static final int PARALLEL_ROUNDS = 4;

  @Test
  void eightRunnersOnOneNamespaceApplyEachVersionOnceInEveryRound(IcebergTestEnvironment env)
      throws Exception {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    String meta = "_ops_race_" + suffix;
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    List<Catalog> clients = new ArrayList<>();
    for (int i = 0; i < RUNNERS; i++) {
      clients.add(env.newCatalogClient("racer-" + i));
    }
    ExecutorService pool = Executors.newFixedThreadPool(RUNNERS * PARALLEL_ROUNDS);
    List<String> outcomes = new ArrayList<>();
    try {
      for (int batch = 0; batch * PARALLEL_ROUNDS < ROUNDS; batch++) {
        List<Future<String>> runs = new ArrayList<>();
        List<String> namespaces = new ArrayList<>();
        for (int r = 0; r < PARALLEL_ROUNDS && batch * PARALLEL_ROUNDS + r < ROUNDS; r++) {
          int round = batch * PARALLEL_ROUNDS + r;
          String namespace = "race_" + suffix + "_" + round;
          namespaces.add(namespace);
          boolean simultaneous = round % 2 == 0;
          CyclicBarrier start = new CyclicBarrier(RUNNERS);
          for (int i = 0; i < RUNNERS; i++) {
            long delay = simultaneous ? 0 : random.nextInt(2500);
            boolean waits = random.nextBoolean();
            MigrationRunner runner = runner(clients.get(i), namespace, meta, waits);
            runs.add(pool.submit(race(runner, simultaneous ? start : null, delay)));
          }
        }
        for (Future<String> run : runs) {
          outcomes.add(run.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES));
        }
        for (String namespace : namespaces) {
          assertConverged(env.catalog(), namespace, meta, seed);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(outcomes)
        .as(
            "every runner migrated, or was told that another run holds the lease or took it over"
                + " (seed %d)",
            seed)
        .allMatch(
            o ->
                o.startsWith("migrated")
                    || o.startsWith("lease held")
                    || o.startsWith("lease lost"));
    assertThat(outcomes).anyMatch(o -> o.startsWith("lease held"));
  }

  private static Callable<String> race(
      MigrationRunner runner, CyclicBarrier start, long delayMillis) {
    return () -> {
      if (start != null) {
        start.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
      }
      Thread.sleep(delayMillis);
      try {
        return "migrated " + runner.migrate().versions();
      } catch (ConcurrentMigrationException e) {
        if (e.getMessage().contains("another run holds its lease")) {
          return "lease held";
        }
        if (e.getMessage().contains("this run lost its lease")) {
          // its lease expired under load and another run took over: told, nothing recorded
          return "lease lost";
        }
        return "failed: " + e;
      } catch (RuntimeException e) {
        return "failed: " + e;
      }
    };
  }

  private static MigrationRunner runner(
      Catalog client, String namespace, String meta, boolean waits) {
    return MigrationRunner.builder(client)
        .namespace(namespace)
        .metaNamespace(meta)
        .source(FailureFixtures.chainOfFive())
        .leaseWait(waits ? Duration.ofSeconds(60) : Duration.ZERO)
        .build();
  }

  private static void assertConverged(Catalog catalog, String namespace, String meta, long seed) {
    String round = namespace + " (seed " + seed + ")";
    for (String version : List.of("0001", "0002", "0003", "0004", "0005")) {
      assertThat(FailureFixtures.upgrades(namespace, version))
          .as("upgrades of %s in %s", version, round)
          .isEqualTo(1);
    }
    MigrationHistory history = new MigrationHistory(catalog, meta);
    assertThat(history.read(namespace))
        .as("history of %s", round)
        .extracting(HistoryRecord::version, HistoryRecord::status)
        .containsExactly(
            tuple("0001", Status.APPLIED),
            tuple("0002", Status.APPLIED),
            tuple("0003", Status.APPLIED),
            tuple("0004", Status.APPLIED),
            tuple("0005", Status.APPLIED));
    assertThat(history.lease(namespace)).as("lease of %s", round).isEmpty();
    assertThat(StoredRows.versions(catalog, meta, namespace))
        .as("stored rows of %s: no duplicate, no lease left", round)
        .containsExactlyInAnyOrder("0001", "0002", "0003", "0004", "0005");
    assertThat(
            catalog.loadTable(TableIdentifier.of(namespace, "t")).schema().columns().stream()
                .map(Types.NestedField::name))
        .containsExactly("id", "a", "b", "c", "d");
  }
}
