package dev.icebergops.benchmarks;

import static java.util.Comparator.comparing;

import dev.icebergops.runner.MigrationResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.iceberg.catalog.Catalog;

/**
 * The chain-scale measures of issue 19, on the chains of {@link ScaleFixtures#LENGTHS}: B2 at head
 * and at the middle version (the first test of a class apart from the following ones), B5 against
 * one {@code migrate()} of the same chain, and a fresh namespace at head of the 300-chain that has
 * a baseline at 0290. Every sample is recorded as it is taken ({@link Results#emit}), so the
 * figures of a run that is stopped part-way are kept.
 */
final class ScaleMeasures {

  /** How many times each anchor of B2 is timed per round, after one untimed call. */
  private static final int ANCHOR_REPETITIONS = 8;

  private final ChainPlan plan;
  private final RawDdl raw;
  private final RunnerMeasures runners;

  /** False during the untimed warm-up round of {@link #tests()}. */
  private boolean recording = true;

  ScaleMeasures(Catalog catalog, ChainPlan plan) {
    this.plan = plan;
    this.raw = new RawDdl(catalog);
    this.runners = new RunnerMeasures(catalog);
  }

  /**
   * B2 at scale: after one untimed round, per round, one session of the classes at head (one per
   * chain length still to measure, after the warm-up class), the head tables created with the
   * Iceberg API right after; then the same at the middle version; then one {@code migrate()} from
   * empty per length.
   */
  void tests() throws Exception {
    warmUp();
    // one untimed round of the same classes and anchors first, as JMH's warm-up iterations: the
    // first timed round used to be the coldest, and its tests colder than its anchors, which are
    // timed after them (following tests at head of 10 took 42 to 79 ms in it, 19 to 36 after)
    recording = false;
    try {
      testsRound(0);
    } finally {
      recording = true;
    }
    for (int round = 0; round < plan.rounds(); round++) {
      testsRound(round);
    }
  }

  private void testsRound(int copy) throws Exception {
    List<Integer> lengths = lengthsIn(copy);
    testsOf("head", lengths, n -> ScaleFixtures.head(n, copy));
    anchors("b2.scale.api.create-head.", lengths, n -> n);
    testsOf("head-every-schema", lengths, n -> ScaleFixtures.headEverySchema(n, copy));
    testsOf("middle", lengths, n -> ScaleFixtures.middle(n, copy));
    anchors("b2.scale.api.create-middle.", lengths, ScaleFixtures::middle);
    for (int n : lengths) {
      migrateFromEmpty(n);
    }
  }

  /**
   * B5 at scale: per round, the anchors, then one session of the MigrationSuite classes (the
   * anchors first, so that a run stopped in a long suite keeps them).
   */
  void suites() throws Exception {
    warmUp();
    for (int round = 0; round < plan.rounds(); round++) {
      int copy = round;
      List<Integer> lengths = lengthsIn(round);
      for (int n : lengths) {
        migrateFromEmpty(n);
      }
      List<String> classes = new ArrayList<>(List.of(ScaleFixtures.WARM_UP));
      lengths.forEach(n -> classes.add(ScaleFixtures.suite(n, copy)));
      run(
          classes,
          new FixtureRuns.Timings() {
            @Override
            public void testFinished(String className, int index, long nanos) {}

            @Override
            public void classFinished(String className, long nanos, long inTests) {
              for (int n : lengths) {
                if (className.equals(ScaleFixtures.suite(n, copy))) {
                  emitMillis("b5.scale.suite." + n, nanos);
                }
              }
            }
          });
    }
  }

  /**
   * A fresh namespace migrated to head of the 300-chain that has a baseline at 0290, alternating
   * with one {@code migrate()} of the 10-chain from empty; both resolve their chain, as a fresh
   * environment does. Records how many versions the runner applied, which says whether it used the
   * baseline.
   */
  void baseline(int repetitions) {
    for (int rep = 0; rep <= repetitions; rep++) {
      String based = RunnerMeasures.freshNamespace("baseline");
      raw.createNamespace(based);
      long start = System.nanoTime();
      MigrationResult result = runners.runner(based, Chains.baselineLocation()).migrate();
      long took = System.nanoTime() - start;
      purge(based);
      String plain = RunnerMeasures.freshNamespace("plain10");
      raw.createNamespace(plain);
      start = System.nanoTime();
      runners.runner(plain, 10).migrate();
      long anchor = System.nanoTime() - start;
      purge(plain);
      if (rep > 0) {
        emitMillis("bl.migrate-to-head." + Baselines.CHAIN, took);
        emitMillis("bl.migrate-from-empty.10", anchor);
        Results.emit("bl.versions-applied." + Baselines.CHAIN, result.versions().size());
      }
    }
  }

  /**
   * One session of both warm-up classes, untimed: when the chain-scale measures run alone, nothing
   * before them warmed the JIT, the clients and the servers.
   */
  private static void warmUp() throws Exception {
    run(List.of(ScaleFixtures.WARM_UP, ScaleFixtures.JIT_WARM_UP));
  }

  /** The lengths that still have a class in {@code round}. */
  private List<Integer> lengthsIn(int round) {
    List<Integer> lengths = new ArrayList<>();
    for (int n : plan.lengths()) {
      if (plan.count(n) > round) {
        lengths.add(n);
      }
    }
    return lengths;
  }

  /**
   * Runs the warm-up class and one class per length in one session; records each class's first
   * test, its following tests, and what the class took besides its tests (its own callbacks), each
   * as soon as it is taken.
   */
  private void testsOf(String kind, List<Integer> lengths, IntFunction<String> classOf)
      throws Exception {
    Map<String, Integer> lengthOf = new HashMap<>();
    lengths.forEach(n -> lengthOf.put(classOf.apply(n), n));
    List<String> classes = new ArrayList<>(List.of(ScaleFixtures.WARM_UP));
    classes.addAll(lengthOf.keySet().stream().sorted(comparing(lengthOf::get)).toList());
    String prefix = "b2.scale." + kind + ".";
    FixtureRuns runs =
        run(
            classes,
            new FixtureRuns.Timings() {
              @Override
              public void testFinished(String className, int index, long nanos) {
                Integer n = lengthOf.get(className);
                if (n != null) {
                  emitMillis(prefix + (index == 0 ? "first." : "following.") + n, nanos);
                }
              }

              @Override
              public void classFinished(String className, long nanos, long inTests) {
                Integer n = lengthOf.get(className);
                if (n != null) {
                  emitMillis(prefix + "class-callbacks." + n, nanos - inTests);
                }
              }
            });
    for (String name : lengthOf.keySet()) {
      if (runs.testNanos(name).size() != ScaleFixtures.TESTS) {
        throw new IllegalStateException(
            "Cannot time "
                + name
                + ": "
                + runs.testNanos(name).size()
                + " of "
                + ScaleFixtures.TESTS
                + " tests ran");
      }
    }
  }

  /**
   * Creates the table of each length's version ({@code versionOf}) once with the Iceberg API, the
   * namespace work included: create the namespace and the table, drop the table with its files and
   * the namespace.
   */
  private void anchors(String key, List<Integer> lengths, IntFunction<Integer> versionOf) {
    for (int n : lengths) {
      int version = versionOf.apply(n);
      for (int rep = 0; rep <= ANCHOR_REPETITIONS; rep++) {
        String namespace = RunnerMeasures.freshNamespace("create" + version);
        long start = System.nanoTime();
        raw.createNamespace(namespace);
        raw.createAt(namespace, version);
        raw.purge(namespace);
        long took = System.nanoTime() - start;
        if (rep > 0) {
          emitMillis(key + n, took);
        }
      }
    }
  }

  /** One {@code migrate()} from empty to head of chain n, resolving it included. */
  private void migrateFromEmpty(int n) {
    String namespace = RunnerMeasures.freshNamespace("scale" + n);
    raw.createNamespace(namespace);
    long start = System.nanoTime();
    runners.runner(namespace, n).migrate();
    long took = System.nanoTime() - start;
    purge(namespace);
    emitMillis("scale.migrate-from-empty." + n, took);
  }

  /** Drops a runner's namespace and its history namespace with their files. */
  private void purge(String namespace) {
    raw.purge(namespace);
    raw.purge(RunnerMeasures.metaNamespace(namespace));
  }

  private static FixtureRuns run(List<String> classes) throws Exception {
    return FixtureRuns.run(Thread.currentThread().getContextClassLoader(), List.copyOf(classes));
  }

  private static FixtureRuns run(List<String> classes, FixtureRuns.Timings timings)
      throws Exception {
    return FixtureRuns.run(
        Thread.currentThread().getContextClassLoader(), List.copyOf(classes), timings);
  }

  private void emitMillis(String key, long nanos) {
    if (recording) {
      Results.emit(key, nanos / 1_000_000.0);
    }
  }
}
