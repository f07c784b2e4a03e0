package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Issue 38's measures, each at the lengths of the {@link ChainPlan} and runnable alone: a second
 * class at the same chain and version in one run ({@code B2S}), a following test against a
 * namespace, a register and a drop ({@code B2R}), a 16-version set with an allowed irreversible
 * version in the middle ({@code B5I}), a MigrationSuite class re-run in a new JVM with an unchanged
 * chain ({@code B5R}) and a class's first test from a warm template cache ({@code B2W}). Every
 * figure is recorded as it is taken.
 */
final class CostMeasures {

  private final Catalog catalog;
  private final ChainPlan plan;
  private final RawDdl raw;
  private final RunnerMeasures runners;

  CostMeasures(Catalog catalog, ChainPlan plan) {
    this.catalog = catalog;
    this.plan = plan;
    this.raw = new RawDdl(catalog);
    this.runners = new RunnerMeasures(catalog);
  }

  /**
   * B2S: per length, one session of the warm-up class and two classes at head of a chain no other
   * measure uses: the first test of the first class (which pays the template), then the first test
   * and each following test of the second.
   */
  void secondClass() throws Exception {
    for (int n : plan.lengths()) {
      String first = CostFixtures.atHead(n, 0);
      String second = CostFixtures.atHead(n, 1);
      run(
          List.of(CostFixtures.WARM_UP, first, second),
          (className, index, nanos) -> {
            if (className.equals(first) && index == 0) {
              emitMillis("b2.second-class.first-class-first." + n, nanos);
            } else if (className.equals(second)) {
              emitMillis("b2.second-class." + (index == 0 ? "first." : "following.") + n, nanos);
            }
          });
    }
  }

  /**
   * B2R: per length, one session of the warm-up class and a class at head, each of its following
   * tests paired with one call of the anchor timed right after it, so that the two see the same
   * load: a namespace created, the head table registered from its metadata file and dropped without
   * purging its files, the namespace dropped (one untimed call first).
   */
  void followingAgainstRegister() throws Exception {
    List<String> classes = new ArrayList<>(List.of(CostFixtures.WARM_UP));
    Map<Integer, String> metadata = new HashMap<>();
    Map<Integer, String> sources = new HashMap<>();
    for (int n : plan.lengths()) {
      classes.add(ScaleFixtures.head(n, 0));
      String source = RunnerMeasures.freshNamespace("source" + n);
      raw.createNamespace(source);
      Table head = raw.createAt(source, n);
      sources.put(n, source);
      metadata.put(n, ((HasTableOperations) head).operations().current().metadataFileLocation());
      registerAndDrop(n, metadata.get(n));
    }
    run(
        classes,
        (className, index, nanos) -> {
          for (int n : plan.lengths()) {
            if (className.equals(ScaleFixtures.head(n, 0)) && index > 0) {
              emitMillis("b2.register.following." + n, nanos);
              emitMillis(
                  "b2.api.namespace-register-drop." + n, registerAndDrop(n, metadata.get(n)));
            }
          }
        });
    sources.values().forEach(raw::purge);
  }

  /** The anchor of B2R, once: its time, in nanoseconds. */
  private long registerAndDrop(int n, String metadata) {
    String namespace = RunnerMeasures.freshNamespace("register" + n);
    TableIdentifier table = TableIdentifier.of(namespace, Chains.TABLE);
    long start = System.nanoTime();
    raw.createNamespace(namespace);
    catalog.registerTable(table, metadata);
    catalog.dropTable(table, false);
    raw.dropNamespace(namespace);
    return System.nanoTime() - start;
  }

  /**
   * B5I: one {@code migrate()} of the 16-version set from empty (resolving it included), after one
   * untimed, then one session of the warm-up class and the set's MigrationSuite class. Run alone,
   * the first {@code migrate()} of the JVM is cold (classes loaded, code not compiled): 10 to 16 s
   * against 1.2 s warm, on 2026-12-05.
   */
  void irreversibleSet() throws Exception {
    for (boolean timed : new boolean[] {false, true}) {
      String namespace = RunnerMeasures.freshNamespace("set" + CostFixtures.SET);
      raw.createNamespace(namespace);
      long start = System.nanoTime();
      runners.runner(namespace, CostFixtures.setLocation()).migrate();
      if (timed) {
        emitMillis("b5.set.migrate-from-empty." + CostFixtures.SET, System.nanoTime() - start);
      }
      raw.purge(namespace);
      raw.purge(RunnerMeasures.metaNamespace(namespace));
    }
    FixtureRuns runs = run(List.of(CostFixtures.WARM_UP, CostFixtures.IRREVERSIBLE_SUITE), null);
    emitMillis(
        "b5.set.irreversible-suite." + CostFixtures.SET,
        runs.classNanos(CostFixtures.IRREVERSIBLE_SUITE));
  }

  /**
   * B5R: per length, a MigrationSuite class run in a new JVM ({@link SuiteRerun}), then again in
   * another new JVM in the same working directory (a fresh one per length, so that what a run keeps
   * under {@code target/} is the first run's only).
   */
  void rerun(String heap) throws IOException, InterruptedException {
    for (int n : plan.lengths()) {
      Path dir = Files.createTempDirectory("iceberg-ops-bench-rerun-" + n + "-");
      String suite = ScaleFixtures.suite(n, 0);
      SuiteRerun.launch(dir, heap, suite, "b5.rerun.first." + n);
      SuiteRerun.launch(dir, heap, suite, "b5.rerun.second." + n);
    }
  }

  /**
   * B2W: per length, a class at head of a chain that the warm-up class does not share, run in a new
   * JVM with an empty template cache (its first test walks the chain and fills the cache), then
   * three times again, each in another new JVM in the same working directory, whose cache is then
   * warm: its first test takes the template from the cache, with no class of its chain before it.
   * The report takes the median of the three.
   */
  void warmCache(String heap) throws IOException, InterruptedException {
    for (int n : plan.lengths()) {
      Path dir = Files.createTempDirectory("iceberg-ops-bench-cache-" + n + "-");
      String tests = CostFixtures.atHead(n, 0);
      for (String stage : new String[] {"fill", "warm", "warm", "warm"}) {
        String key = "b2.cache-" + stage + ".";
        SuiteRerun.launch(
            dir, heap, tests, key + "class." + n, key + "first." + n, key + "following." + n);
      }
    }
  }

  /** Hears each passed test's time. */
  private interface TestTimes {
    void test(String className, int index, long nanos);
  }

  private static FixtureRuns run(List<String> classes, TestTimes times) throws Exception {
    return FixtureRuns.run(
        Thread.currentThread().getContextClassLoader(),
        List.copyOf(classes),
        new FixtureRuns.Timings() {
          @Override
          public void testFinished(String className, int index, long nanos) {
            if (times != null) {
              times.test(className, index, nanos);
            }
          }

          @Override
          public void classFinished(String className, long nanos, long inTests) {}
        });
  }

  private static void emitMillis(String key, long nanos) {
    Results.emit(key, nanos / 1_000_000.0);
  }
}
