package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.FaultProxy;
import dev.icebergops.testing.FaultProxy.Fault;
import dev.icebergops.testing.SharedEnvironment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault matrix: every operation of the runner, run through fault-injecting proxies in front of
 * the real REST catalog and the real S3 store, and killed with SIGKILL in a child JVM. In CI each
 * fault meets each operation once, at a write spread over the operation, and each crash point is
 * each commit of the operation itself (the migration's; for stamp and repair the history's); with
 * {@code -Dreliability.full=true} (the soak) every fault and every crash point meets every write
 * request. After each run: the table is in its before, after or a documented half-state, the
 * history says which, nothing hung, and the documented way forward converges to a clean run's
 * state. Writes {@code target/reliability/matrix.md} and checks that {@code docs/reliability.md}
 * shows the same.
 */
@ExtendWith(SharedEnvironment.class)
@Tag("failure-paths")
class RunnerFaultMatrixTest {

  private static final boolean FULL = Boolean.getBoolean("reliability.full");

  /** How many more times a crash scenario runs when its child ended before the kill point. */
  private static final int CRASH_RETRIES = 3;

  @Test
  void everyFaultAtEveryStepOfEveryOperationLosesNothing(
      IcebergTestEnvironment env, @TempDir Path dir) throws Exception {
    ExecutorService workers =
        Executors.newFixedThreadPool(
            Integer.getInteger("reliability.workers", FaultOperation.values().length));
    Map<FaultOperation, Future<List<FaultScenario.Outcome>>> runs = new TreeMap<>();
    try {
      for (FaultOperation operation : FaultOperation.values()) {
        runs.put(operation, workers.submit(() -> runAll(env, operation, dir)));
      }
      List<FaultScenario.Outcome> outcomes = new ArrayList<>();
      for (Future<List<FaultScenario.Outcome>> run : runs.values()) {
        // no bound here: each scenario is watched for progress (ProgressWatch), not timed
        outcomes.addAll(run.get());
      }
      FaultMatrix matrix = new FaultMatrix(outcomes);
      matrix.write();
      assertThat(outcomes)
          .as("scenarios that lost something:%n%s", matrix.problems())
          .allMatch(FaultScenario.Outcome::nothingLost);
      matrix.checkDocumented();
    } finally {
      workers.shutdownNow();
    }
  }

  private static List<FaultScenario.Outcome> runAll(
      IcebergTestEnvironment env, FaultOperation operation, Path dir) throws Exception {
    try (FaultProxy catalog =
            FaultProxy.start(env.catalogProperties().get("uri"), FaultScenario.SLOW);
        FaultProxy store = FaultProxy.start(env.s3Endpoint(), FaultScenario.SLOW)) {
      FaultScenario scenarios = new FaultScenario(env, operation, catalog, store);
      FaultScenario.Reference reference = scenarios.reference();
      List<FaultScenario.Outcome> outcomes = new ArrayList<>();
      for (FaultScenario.Side side :
          List.of(FaultScenario.Side.CATALOG, FaultScenario.Side.STORE)) {
        int steps = reference.writes(side);
        Fault[] faults = side.faults();
        for (int f = 0; f < faults.length; f++) {
          if (FULL) {
            for (int step = 1; step <= steps; step++) {
              outcomes.add(scenarios.run(reference, side, faults[f], step));
            }
          } else if (side == FaultScenario.Side.CATALOG
              && faults[f] == Fault.LOST_ANSWER
              && reference.tableCommits() > 0) {
            // the answer lost after the migration's own commits, each of them: the unknown outcome
            for (int step = 1; step <= reference.tableCommits(); step++) {
              outcomes.add(scenarios.run(reference, side, faults[f], step, true));
            }
          } else {
            // once per cell: the faults spread over the steps, shifted per operation; a step the
            // run did not reach this time (the reference renewed its lease more often, on a busy
            // machine) is halved until one is reached: every run reaches its first write
            int step = 1 + (f * steps / faults.length + operation.ordinal()) % steps;
            FaultScenario.Outcome outcome = scenarios.run(reference, side, faults[f], step);
            outcomes.add(outcome);
            while (outcome.firedAt() == null && step > 1) {
              step = (step + 1) / 2;
              outcome = scenarios.run(reference, side, faults[f], step);
              outcomes.add(outcome);
            }
          }
        }
      }
      // in CI at each of the operation's own commits (the migration's; the history's for stamp
      // and repair); in the soak at every write
      int steps = FULL ? reference.writes(FaultScenario.Side.CATALOG) : reference.ownCommits();
      for (int step = 1; step <= steps; step++) {
        for (Fault when : FaultScenario.Side.CRASH.faults()) {
          // a child that ended on its own before the write (a lease wait run out on a saturated
          // machine) reached no kill point: it runs again, a few times, so that the cell is decided
          // by a kill, not by the machine's load
          FaultScenario.Outcome outcome = scenarios.crash(reference, when, step, !FULL, dir);
          outcomes.add(outcome);
          for (int again = 0; outcome.firedAt() == null && again < CRASH_RETRIES; again++) {
            outcome = scenarios.crash(reference, when, step, !FULL, dir);
            outcomes.add(outcome);
          }
        }
      }
      return outcomes;
    }
  }
}
