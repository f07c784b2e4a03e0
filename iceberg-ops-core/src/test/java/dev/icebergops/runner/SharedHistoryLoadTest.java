package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared-table measurement of docs/reliability.md: N namespaces sharing one history table, each
 * with its own catalog client, migrate a chain of five versions and roll it back, all at once, for
 * a few rounds. Opt-in (it takes minutes):
 *
 * <pre>
 * mvn -B -ntp -pl iceberg-ops-core -am test -Dtest=SharedHistoryLoadTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dreliability.sharedTable=8,32
 * </pre>
 *
 * <p>Every operation either succeeds or fails for contention with the message that says so; none
 * fails as if the catalog had not answered.
 */
@ExtendWith(SharedEnvironment.class)
@EnabledIfSystemProperty(named = "reliability.sharedTable", matches = "[0-9, ]+")
class SharedHistoryLoadTest {

  private static final Logger LOG = LoggerFactory.getLogger(SharedHistoryLoadTest.class);

  private static final int ROUNDS = Integer.getInteger("reliability.sharedTableRounds", 3);

  @Test
  void namespacesSharingOneHistoryTableNeverReportContentionAsNoAnswer(IcebergTestEnvironment env)
      throws Exception {
    for (String size : System.getProperty("reliability.sharedTable").split(",")) {
      Map<String, Integer> outcomes = measure(env, Integer.parseInt(size.trim()));
      assertThat(outcomes.keySet())
          .as("outcomes with %s namespaces", size.trim())
          .allMatch(o -> o.equals("ok") || o.contains("kept changing"))
          .noneMatch(o -> o.contains("no answer"));
    }
  }

  private Map<String, Integer> measure(IcebergTestEnvironment env, int namespaces)
      throws Exception {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    String meta = "_ops_shared_" + suffix;
    ExecutorService pool = Executors.newFixedThreadPool(namespaces);
    CyclicBarrier start = new CyclicBarrier(namespaces);
    double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    long began = System.nanoTime();
    List<Future<List<String>>> runs = new ArrayList<>();
    try {
      for (int i = 0; i < namespaces; i++) {
        MigrationRunner runner = runner(env, "shared_" + suffix + "_" + i, meta);
        runs.add(pool.submit(() -> cycles(runner, start)));
      }
      Map<String, Integer> outcomes = new TreeMap<>();
      for (Future<List<String>> run : runs) {
        for (String outcome : run.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)) {
          outcomes.merge(outcome, 1, Integer::sum);
        }
      }
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began);
      int operations = outcomes.values().stream().mapToInt(Integer::intValue).sum();
      LOG.info(
          "Shared history table, {} namespaces x {} rounds (migrate 5, roll back 5): {} operations,"
              + " {} failed, {} s, load average {} before and {} after; outcomes {}",
          namespaces,
          ROUNDS,
          operations,
          operations - outcomes.getOrDefault("ok", 0),
          seconds,
          loadBefore,
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
          outcomes);
      return outcomes;
    } finally {
      pool.shutdownNow();
    }
  }

  private static List<String> cycles(MigrationRunner runner, CyclicBarrier start) throws Exception {
    start.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
    List<String> outcomes = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      outcomes.add(outcome(() -> runner.migrate()));
      outcomes.add(outcome(() -> runner.rollbackTo(MigrationRunner.BASE_VERSION)));
    }
    return outcomes;
  }

  private static String outcome(Runnable operation) {
    try {
      operation.run();
      return "ok";
    } catch (RuntimeException e) {
      LOG.warn("Shared history table: {}", e.getMessage());
      return e.getClass().getSimpleName() + ": " + reason(e.getMessage());
    }
  }

  /** The message without the namespace and version, so that outcomes can be counted. */
  private static String reason(String message) {
    String text = String.valueOf(message);
    int colon = text.indexOf(": ");
    return (colon < 0 ? text : text.substring(colon + 2)).replaceAll("[0-9]+", "N");
  }

  private static MigrationRunner runner(IcebergTestEnvironment env, String namespace, String meta) {
    return MigrationRunner.builder(env.newCatalogClient("client-" + namespace))
        .namespace(namespace)
        .metaNamespace(meta)
        .source(FailureFixtures.chainOfFive())
        .build();
  }
}
