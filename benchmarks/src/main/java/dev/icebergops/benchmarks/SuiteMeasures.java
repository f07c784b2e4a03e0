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
   * Runs the selected fixture classes (B2's and B5's) in one session; the first of each kind warms
   * up.
   */
  static void fixtures(int copies, Selection selection) throws Exception {
    boolean head = selection.includes("B2");
    boolean suites = selection.includes("B5");
    if (!head && !suites) {
      return;
    }
    List<String> classes = new ArrayList<>();
    for (int copy = 0; head && copy < copies; copy++) {
      classes.add(FIXTURES + "HeadTest" + copy);
    }
    for (int copy = 0; suites && copy < copies; copy++) {
      classes.add(FIXTURES + "Suite10Test" + copy);
    }
    for (int copy = 1; suites && copy < copies; copy++) {
      classes.add(FIXTURES + "Suite50Test" + copy);
    }
    FixtureRuns runs =
        FixtureRuns.run(Thread.currentThread().getContextClassLoader(), List.copyOf(classes));
    List<Long> headTests = new ArrayList<>();
    List<Long> suite10 = new ArrayList<>();
    List<Long> suite50 = new ArrayList<>();
    for (int copy = 1; copy < copies; copy++) {
      if (head) {
        headTests.addAll(runs.testNanos(FIXTURES + "HeadTest" + copy));
      }
      if (suites) {
        suite10.add(runs.classNanos(FIXTURES + "Suite10Test" + copy));
        suite50.add(runs.classNanos(FIXTURES + "Suite50Test" + copy));
      }
    }
    if (head) {
      Results.emitMillis("b2.extension.test-at-head.10", headTests);
    }
    if (suites) {
      Results.emitMillis("b5.suite.10", suite10);
      Results.emitMillis("b5.suite.50", suite50);
    }
  }
}
