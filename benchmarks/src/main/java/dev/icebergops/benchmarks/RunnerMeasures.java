package dev.icebergops.benchmarks;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.catalog.Catalog;

/** B3 (migrate N versions against N raw commits) and B4 (reads and one migrate at 1,000 rows). */
final class RunnerMeasures {

  private static final AtomicInteger NAMESPACES = new AtomicInteger();

  private final Catalog catalog;
  private final RawDdl raw;

  RunnerMeasures(Catalog catalog) {
    this.catalog = catalog;
    this.raw = new RawDdl(catalog);
  }

  static String freshNamespace(String what) {
    return "bench_" + what + "_" + NAMESPACES.incrementAndGet();
  }

  /**
   * A runner of chain {@code n} whose history table is its own, so that repetitions do not measure
   * the snapshots earlier ones left in a shared history table.
   */
  MigrationRunner runner(String namespace, int chain) {
    return runner(namespace, Chains.location(chain));
  }

  /** A runner of the migrations at {@code location}, its history table its own as above. */
  MigrationRunner runner(String namespace, String location) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .metaNamespace(metaNamespace(namespace))
        .source(MigrationSource.classpath(location))
        .build();
  }

  /** The namespace of the history table of {@link #runner}'s {@code namespace}. */
  static String metaNamespace(String namespace) {
    return namespace + "_ops";
  }

  /**
   * Times {@code migrate()} of chain n (resolved beforehand), the same raw commits, the same raw
   * commits each followed by the cheapest data commit that records it (the floor), and, on a REST
   * catalog, each committed together with a property of a second table (the floor of one commit per
   * version).
   */
  void migrateChains(int[] lengths, int repetitions) {
    migrateChain(10, 3, false); // warm-up: the JIT, the clients and the servers
    migrateChain(100, 1, false);
    for (int n : lengths) {
      migrateChain(n, repetitions, true);
    }
  }

  private void migrateChain(int n, int repetitions, boolean emit) {
    List<Long> rawNanos = new ArrayList<>();
    List<Long> floorNanos = new ArrayList<>();
    List<Long> togetherNanos = new ArrayList<>();
    List<Long> runnerNanos = new ArrayList<>();
    for (int rep = 0; rep < repetitions; rep++) {
      String direct = freshNamespace("raw" + n);
      raw.createNamespace(direct);
      long start = System.nanoTime();
      raw.upTo(direct, n);
      rawNanos.add((System.nanoTime() - start) / n);

      String recorded = freshNamespace("floor" + n);
      raw.createNamespace(recorded);
      start = System.nanoTime();
      raw.upToRecorded(recorded, n);
      floorNanos.add((System.nanoTime() - start) / n);

      String together = freshNamespace("together" + n);
      raw.createNamespace(together);
      if (raw.takesMultiTableCommits()) {
        start = System.nanoTime();
        raw.upToCommittedTogether(together, n);
        togetherNanos.add((System.nanoTime() - start) / n);
      }

      String migrated = freshNamespace("run" + n);
      raw.createNamespace(migrated);
      MigrationRunner runner = runner(migrated, n);
      runner.migrations();
      start = System.nanoTime();
      runner.migrate();
      runnerNanos.add((System.nanoTime() - start) / n);
      for (String namespace : List.of(direct, recorded, together, migrated, migrated + "_ops")) {
        raw.purge(namespace);
      }
    }
    if (emit) {
      Results.emitMillis("b3.raw.per-migration." + n, rawNanos);
      Results.emitMillis("b3.floor.per-migration." + n, floorNanos);
      Results.emitMillis("b3.runner.per-migration." + n, runnerNanos);
      if (!togetherNanos.isEmpty()) {
        Results.emitMillis("b3.together.per-migration." + n, togetherNanos);
      }
    }
  }

  /**
   * Times status(), plan() and one more migrate() over 10 and 1,000 history rows, the two sizes
   * alternating so that both see the same load; the first two rounds warm up.
   */
  void readsOverRows(int repetitions) {
    int warmUp = 2;
    List<Long> few = new ArrayList<>();
    List<Long> many = new ArrayList<>();
    for (int round = 0; round < warmUp + repetitions; round++) {
      long tenRows = statusPlanMigrate(10);
      long thousandRows = statusPlanMigrate(1000);
      if (round >= warmUp) {
        few.add(tenRows);
        many.add(thousandRows);
      }
    }
    Results.emitMillis("b4.status-plan-migrate.rows.10", few);
    Results.emitMillis("b4.status-plan-migrate.rows.1000", many);
  }

  /** status(), plan() and migrate() of one pending version after {@code rows} stamped ones. */
  private long statusPlanMigrate(int rows) {
    String namespace = freshNamespace("rows" + rows);
    raw.createNamespace(namespace);
    MigrationRunner runner = runner(namespace, rows + 1);
    runner.migrate(Chains.version(1));
    runner.stamp(Chains.version(rows));
    long start = System.nanoTime();
    runner.status();
    runner.plan();
    runner.migrate();
    return System.nanoTime() - start;
  }
}
