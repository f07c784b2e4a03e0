package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import dev.icebergops.history.TestWrites;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One namespace's run writing its history while runs on other namespaces keep writing the same
 * history table, on the REST catalog: the catalog answers every try, so a run that runs out of
 * tries says the table kept changing and who changed it, never that the catalog did not answer.
 */
@ExtendWith(SharedEnvironment.class)
@Tag("failure-paths")
class SharedHistoryContentionTest {

  private static final int OTHER_RUNS = 8;
  private static final Duration LEASE = Duration.ofMinutes(5);

  private IcebergTestEnvironment env;
  private String meta;
  private String namespace;
  private MigrationHistory history;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final List<Future<Integer>> others = new ArrayList<>();

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    env = environment;
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    meta = "_ops_contention_" + suffix;
    namespace = "mine_" + suffix;
    history = new MigrationHistory(env.catalog(), meta);
  }

  @AfterEach
  void tearDown() throws Exception {
    stop.set(true);
    for (Future<Integer> other : others) {
      other.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
    }
    pool.shutdownNow();
  }

  @Test
  void aRunOutOfTriesSaysTheSharedTableKeptChangingAndHowManyOtherRunsWroteIt() {
    RemoteCalls remote = new RemoteCalls(env.catalog(), Duration.ofSeconds(60));
    RunnerConfig oneTry = RunConfigs.of(namespace, Clock.systemUTC(), LEASE, Duration.ZERO, 1);
    ConcurrentMigrationException refused = null;
    try (HeldLease journal =
        LeaseTaking.open(new NamespaceView(TestWrites.table(history), oneTry, remote), "migrate")) {
      hammerFromOtherNamespaces();
      for (int i = 1; i <= 500 && refused == null; i++) {
        try {
          journal.log().write(List.of(row(i)));
        } catch (ConcurrentMigrationException e) {
          refused = e;
        }
      }
    }

    assertThat(refused).as("a write that ran out of its one try").isNotNull();
    Matcher message =
        Pattern.compile(
                "Cannot record the migration history of "
                    + namespace
                    + ": the history table "
                    + Pattern.quote(meta + ".migration_history")
                    + " kept changing \\((\\d+) runs? on other namespaces wrote it during this"
                    + " attempt; the catalog answered and refused 1 try\\); try again, or give the"
                    + " busiest namespaces a history table of their own"
                    + " \\(MigrationRunner.Builder.metaNamespace\\)")
            .matcher(refused.getMessage());
    assertThat(message.matches()).as(refused.getMessage()).isTrue();
    assertThat(Integer.parseInt(message.group(1))).isBetween(1, OTHER_RUNS);
    assertThat(refused.getMessage()).doesNotContain("no answer");
  }

  @Test
  void contentionFromOtherNamespacesAloneNeverSurfacesAsNoAnswer() {
    // the runner's default bound, which each try of a write gets anew: one try is at most four
    // commits (RebaseLimit), which a loaded machine does not stretch to a minute, while a bound
    // of 10 s was once reached by one try at a load average of 16, and read as "no answer";
    // 20 tries rather than the default 50, whose pauses made one write last up to a minute once
    // the eight writers kept winning (and the test 87 s of a CI run)
    RemoteCalls remote = new RemoteCalls(env.catalog(), Duration.ofSeconds(60));
    RunnerConfig options = RunConfigs.of(namespace, Clock.systemUTC(), LEASE, Duration.ZERO, 20);
    List<String> failures = new ArrayList<>();
    int written = 0;
    try (HeldLease journal =
        LeaseTaking.open(
            new NamespaceView(TestWrites.table(history), options, remote), "migrate")) {
      hammerFromOtherNamespaces();
      for (int i = 1; i <= 3; i++) {
        try {
          journal.log().write(List.of(row(i)));
          written++;
        } catch (RuntimeException e) {
          failures.add(e.getMessage());
        }
      }
    }

    assertThat(failures).noneMatch(message -> message.contains("no answer"));
    assertThat(failures).allMatch(message -> message.contains("kept changing"));
    assertThat(history.read(namespace)).hasSize(written);
  }

  /** Runs on other namespaces that write the shared history table until the test ends. */
  private void hammerFromOtherNamespaces() {
    for (int i = 0; i < OTHER_RUNS; i++) {
      String other = "other_" + i + "_" + namespace;
      MigrationHistory writer = new MigrationHistory(env.newCatalogClient("other-" + i), meta);
      others.add(pool.submit(() -> hammer(writer, other)));
    }
  }

  private int hammer(MigrationHistory writer, String other) {
    int commits = 0;
    while (!stop.get()) {
      NamespaceHistory read = writer.load(other);
      Instant now = Instant.now();
      try {
        TestWrites.writer(writer)
            .commit(
                read,
                read.withLease(new RunLease("elsewhere", 1, "run-" + other, now, now.plus(LEASE))));
        commits++;
      } catch (HistoryConflictException e) {
        // lost to another writer of the table: try again
      }
    }
    return commits;
  }

  private HistoryRecord row(int i) {
    return new HistoryRecord(
        String.format("%04d", i),
        namespace,
        "v" + i,
        Status.APPLIED,
        null,
        "abc",
        Instant.now(),
        0L);
  }
}
