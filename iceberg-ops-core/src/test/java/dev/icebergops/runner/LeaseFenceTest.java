package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.runner.PausedRun.Point;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ChildJvm;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A run frozen past its lease (SIGSTOP, as a long GC pause, a frozen VM or a sleeping laptop stops
 * it) while another run takes the lease over and rolls its version back: when it resumes, none of
 * its changes may land. Each round: the child JVM stops in 0003's upgrade (before its helper step,
 * or after it and before the history write), is frozen with SIGSTOP, its lease expires, a second
 * run here takes the lease over and rolls back to 0002, the child is resumed with SIGCONT and ends;
 * then the history and the table must agree, and a third run must migrate to head. One child JVM
 * plays the rounds of both points, one after another.
 */
@ExtendWith(SharedEnvironment.class)
@Tag("failure-paths")
class LeaseFenceTest {

  private static final int ROUNDS = Integer.getInteger("fence.rounds", 3);

  private static final String SUFFIX =
      UUID.randomUUID().toString().replace("-", "").substring(0, 8);
  private static final String META = "_fence_" + SUFFIX;

  @TempDir static Path dir;

  /** The child JVM of both points' rounds: started by the first, ended with the class. */
  private static Process child;

  private static OutputStream commands;

  @AfterAll
  static void endChild() throws IOException, InterruptedException {
    if (child != null) {
      commands.close();
      child.destroyForcibly().waitFor();
    }
  }

  @ParameterizedTest
  @EnumSource(Point.class)
  void aRunFrozenPastItsLeaseCommitsNothingOnceItWasTakenOver(
      Point point, IcebergTestEnvironment environment) throws Exception {
    if (child == null) {
      child = start(dir, environment.catalogProperties(), META);
      commands = child.getOutputStream();
    }
    List<String> inconsistent = new ArrayList<>();
    for (int round = 1; round <= ROUNDS; round++) {
      String namespace = "fence_" + SUFFIX + "_" + point.ordinal() + "_" + round;
      commands.write((point + " " + namespace + "\n").getBytes(StandardCharsets.UTF_8));
      commands.flush();
      String outcome = playRound(environment.catalog(), child, dir, namespace, META);
      inconsistent.addAll(check(environment.catalog(), namespace, META, round, outcome));
    }
    assertThat(inconsistent)
        .as("rounds whose history and table disagree (of %d, %s)", ROUNDS, point)
        .isEmpty();
  }

  /** One round: freeze, expire, take over and roll back, resume; returns the child's outcome. */
  private static String playRound(
      Catalog catalog, Process child, Path dir, String namespace, String meta) throws Exception {
    await(child, dir, "the child to reach its pause point", dir.resolve(namespace + ".paused"));
    signal("-STOP", child);
    Files.writeString(dir.resolve(namespace + ".go"), "go");
    takeOver(catalog, namespace, meta);
    signal("-CONT", child);
    Path result = dir.resolve(namespace + ".result");
    await(child, dir, "the resumed child to end its run", result);
    return Files.readString(result);
  }

  /**
   * Waits out the frozen run's lease, then rolls back to 0002 under a lease of its own. A renewal
   * the child's heartbeat sent just before it was frozen may still be committed by the server after
   * the lease was read: then the takeover finds a live lease, and its new expiry is waited out. A
   * frozen child sends nothing more, so a second attempt always finds the lease final.
   */
  private static void takeOver(Catalog catalog, String namespace, String meta) throws Exception {
    MigrationHistory history = new MigrationHistory(catalog, meta);
    for (int attempt = 1; ; attempt++) {
      RunLease frozen = history.lease(namespace).orElseThrow();
      while (!frozen.isExpiredAt(Instant.now())) {
        Thread.sleep(100);
      }
      try {
        PausedRun.runner(catalog, namespace, meta).rollbackTo("0002");
        return;
      } catch (ConcurrentMigrationException renewedInFlight) {
        if (attempt == 3) {
          throw renewedInFlight;
        }
      }
    }
  }

  /** What disagrees in a round, empty when it is consistent. */
  private static List<String> check(
      Catalog catalog, String namespace, String meta, int round, String outcome) {
    List<String> wrong = new ArrayList<>();
    String at = "round " + round + " (" + namespace + "): ";
    if (!outcome.contains("this run no longer holds the run lease")
        && !outcome.contains("this run lost its lease")) {
      wrong.add(at + "the resumed run did not report its lost lease: " + outcome);
    }
    MigrationHistory history = new MigrationHistory(catalog, meta);
    Map<String, HistoryRecord.Status> statuses =
        history.read(namespace).stream()
            .collect(Collectors.toMap(HistoryRecord::version, HistoryRecord::status));
    boolean hasC = hasColumn(catalog, namespace, "c");
    if (statuses.get("0003") == HistoryRecord.Status.APPLIED || hasC) {
      wrong.add(
          at + "after the rollback, 0003 reads " + statuses.get("0003") + ", c exists: " + hasC);
    }
    if (history.lease(namespace).isPresent()) {
      wrong.add(at + "a lease is left: " + history.lease(namespace).get());
    }
    try {
      PausedRun.runner(catalog, namespace, meta).migrate();
      if (!hasColumn(catalog, namespace, "c")) {
        wrong.add(at + "migrated to head, but the table has no c");
      }
    } catch (RuntimeException e) {
      wrong.add(at + "cannot migrate to head afterwards: " + e.getMessage());
    }
    return wrong;
  }

  private static boolean hasColumn(Catalog catalog, String namespace, String column) {
    return catalog.loadTable(TableIdentifier.of(namespace, "t")).schema().findField(column) != null;
  }

  private static void await(Process child, Path dir, String what, Path file) throws Exception {
    Optional<String> hang =
        ProgressWatch.of(what)
            .signal("the child's output", ProgressWatch.bytesIn(dir.resolve("child.log")))
            .signal("the child's CPU time", ProgressWatch.cpuMillis(child.toHandle()))
            .await(() -> Files.exists(file) || !child.isAlive());
    assertThat(child.isAlive())
        .as("the child JVM is alive, waiting for %s:\n%s", what, log(dir))
        .isTrue();
    assertThat(hang).as("waiting for %s", what).isEmpty();
  }

  private static void signal(String signal, Process child) throws Exception {
    Process kill = new ProcessBuilder("kill", signal, String.valueOf(child.pid())).start();
    assertThat(kill.waitFor(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES)).isTrue();
    assertThat(kill.exitValue()).as("kill %s %s", signal, child.pid()).isZero();
  }

  private static Process start(Path dir, Map<String, String> catalogProperties, String meta)
      throws IOException {
    Path props = ChildCatalog.store(dir, "child", catalogProperties);
    return new ProcessBuilder(
            ChildJvm.command(PausedRun.class, props.toString(), meta, dir.toString()))
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("child.log").toFile())
        .start();
  }

  private static String log(Path dir) {
    try {
      return Files.readString(dir.resolve("child.log"));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }
}
