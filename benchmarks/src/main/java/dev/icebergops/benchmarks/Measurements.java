package dev.icebergops.benchmarks;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;

/**
 * The measuring JVM of B2-B6: started by {@link Benchmarks} with the generated chains on its class
 * path; prints {@code RESULT} lines.
 */
public final class Measurements {

  private Measurements() {}

  /**
   * Runs the measurements.
   *
   * @param args the directory for the suite reports the fixtures write
   */
  public static void main(String[] args) throws Exception {
    System.setProperty("iceberg-ops.report.dir", args[0]);
    Selection selection = Selection.fromSystemProperty();
    if (selection.includes("B6")) {
      SchemaMeasures.run(20);
    }
    try (IcebergTestEnvironment env = EmbeddedEnvironment.create()) {
      env.start();
      // each anchor right after its measure, so that both see the same load of a shared machine
      SuiteMeasures suites = new SuiteMeasures(env.catalog());
      if (selection.includes("B2")) {
        SuiteMeasures.headTests(Chains.FIXTURE_COPIES);
        suites.rawUpAndDown(5);
        suites.recordedUpAndDown(5);
      }
      if (selection.includes("B5")) {
        SuiteMeasures.suites(Chains.FIXTURE_COPIES);
        suites.migrateFromEmpty(10, 3);
        suites.migrateFromEmpty(50, 3);
      }
      RunnerMeasures runners = new RunnerMeasures(env.catalog());
      if (selection.includes("B3")) {
        runners.migrateChains(new int[] {10, 100, 300}, 3);
      }
      if (selection.includes("B4")) {
        runners.readsOverRows(5);
      }
      CostMeasures costs = new CostMeasures(env.catalog(), ChainPlan.fromSystemProperty());
      if (selection.includes("B2S")) {
        costs.secondClass();
      }
      if (selection.includes("B2R")) {
        costs.followingAgainstRegister();
      }
      if (selection.includes("B5I")) {
        costs.irreversibleSet();
      }
      String heap = Runtime.getRuntime().maxMemory() / (1024 * 1024) + "m";
      if (selection.includes("B5R")) {
        costs.rerun(heap);
      }
      if (selection.includes("B2W")) {
        costs.warmCache(heap);
      }
      if (selection.includes("BH")) {
        new HistoryGrowth(env.catalog()).measure(HistoryGrowth.NAMESPACES);
      }
      if (selection.includes("BT")) {
        new TableCountGrowth(env.catalog()).measure(3);
      }
      // last: the longest, and a run stopped part-way keeps every figure above
      ScaleMeasures scale = new ScaleMeasures(env.catalog(), ChainPlan.fromSystemProperty());
      if (selection.includes("BL")) {
        scale.baseline(9); // nine pairs: three paired 1.03 to 2.14 x on a loaded machine
      }
      if (selection.includes("B2N")) {
        scale.tests();
      }
      if (selection.includes("B5N")) {
        scale.suites();
      }
    }
  }
}
