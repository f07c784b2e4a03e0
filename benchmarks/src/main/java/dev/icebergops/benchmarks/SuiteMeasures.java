package dev.icebergops.benchmarks;

import dev.icebergops.runner.MigrationRunner;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;

/**
 * B2 (one {@code @IcebergMigrations} test at head of a 10-migration chain) and B5 (a MigrationSuite
 * class on chains of 10 and 50), with their anchors.
 */
final class SuiteMeasures {

  private static final String FIXTURES = "bench.fixtures.";

  private final RawDdl raw;
  private final RunnerMeasures runners;

  SuiteMeasures(Catalog catalog) {
    this.raw = new RawDdl(catalog);
    this.runners = new RunnerMeasures(catalog);
  }

  /** The anchor of B2: the chain's DDL up and down, with the namespace around it. */
  void rawUpAndDown(int repetitions) {
    List<Long> nanos = new ArrayList<>();
    for (int rep = 0; rep <= repetitions; rep++) {
      String namespace = RunnerMeasures.freshNamespace("updown");
      long start = System.nanoTime();
      raw.createNamespace(namespace);
      Table table = raw.upTo(namespace, 10);
      raw.downFrom(namespace, table, 10);
      raw.dropNamespace(namespace);
      if (rep > 0) {
        nanos.add(System.nanoTime() - start);
      }
    }
    Results.emitMillis("b2.raw.up-and-down.10", nanos);
  }

  /**
   * The floor of B2: the anchor's commits, each followed by the cheapest data commit that records
   * it ({@link RawDdl#upAndDownRecorded}); the namespace's purge afterwards is not timed.
   */
  void recordedUpAndDown(int repetitions) {
    List<Long> nanos = new ArrayList<>();
    for (int rep = 0; rep <= repetitions; rep++) {
      String namespace = RunnerMeasures.freshNamespace("updownlog");
      long start = System.nanoTime();
      raw.upAndDownRecorded(namespace, 10);
      long took = System.nanoTime() - start;
      raw.purge(namespace);
      if (rep > 0) {
        nanos.add(took);
      }
    }
    Results.emitMillis("b2.floor.up-and-down.10", nanos);
  }

  /** The anchor of B5: one migrate() from empty to head, resolving the chain included. */
  void migrateFromEmpty(int chain, int repetitions) {
    List<Long> nanos = new ArrayList<>();
    for (int rep = 0; rep < repetitions; rep++) {
      String namespace = RunnerMeasures.freshNamespace("head" + chain);
      raw.createNamespace(namespace);
      long start = System.nanoTime();
      MigrationRunner runner = runners.runner(namespace, chain);
      runner.migrate();
      nanos.add(System.nanoTime() - start);
    }
    Results.emitMillis("b5.migrate-from-empty." + chain, nanos);
  }

  /**
   * B2: runs the {@code @IcebergMigrations} fixture classes in one session and times each test; the
   * first class warms up.
   */
  static void headTests(int copies) throws Exception {
    List<String> classes = new ArrayList<>();
    for (int copy = 0; copy < copies; copy++) {
      classes.add(FIXTURES + "HeadTest" + copy);
    }
    FixtureRuns runs = runFixtures(classes);
    List<Long> nanos = new ArrayList<>();
    for (int copy = 1; copy < copies; copy++) {
      nanos.addAll(runs.testNanos(FIXTURES + "HeadTest" + copy));
    }
    Results.emitMillis("b2.extension.test-at-head.10", nanos);
  }

  /**
   * B5: runs the MigrationSuite fixture classes in one session and times each class; the first of
   * the 10-migration kind warms up.
   */
  static void suites(int copies) throws Exception {
    List<String> classes = new ArrayList<>();
    for (int copy = 0; copy < copies; copy++) {
      classes.add(FIXTURES + "Suite10Test" + copy);
    }
    for (int copy = 1; copy < copies; copy++) {
      classes.add(FIXTURES + "Suite50Test" + copy);
    }
    FixtureRuns runs = runFixtures(classes);
    List<Long> suite10 = new ArrayList<>();
    List<Long> suite50 = new ArrayList<>();
    for (int copy = 1; copy < copies; copy++) {
      suite10.add(runs.classNanos(FIXTURES + "Suite10Test" + copy));
      suite50.add(runs.classNanos(FIXTURES + "Suite50Test" + copy));
    }
    Results.emitMillis("b5.suite.10", suite10);
    Results.emitMillis("b5.suite.50", suite50);
  }

  private static FixtureRuns runFixtures(List<String> classes) throws Exception {
    return FixtureRuns.run(Thread.currentThread().getContextClassLoader(), List.copyOf(classes));
  }
}
