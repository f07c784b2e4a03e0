package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryConflictException;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.TestWrites;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.ProgressWatch;
import dev.icebergops.testing.SharedEnvironment;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The one retry policy of history writes, against real writers of the same namespace's history on
 * the REST catalog: a write that loses is tried again from a fresh read and lands; one that keeps
 * losing fails with its caller's error once its budget is spent; any other error is not retried.
 */
@ExtendWith(SharedEnvironment.class)
class HistoryRetryTest {

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private final ExecutorService pool = Executors.newCachedThreadPool();
  private MigrationHistory history;
  private String namespace;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    history = new MigrationHistory(environment.catalog(), "_ops_retry_" + suffix);
    namespace = "retry_" + suffix;
    NamespaceHistory empty = history.load(namespace);
    TestWrites.writer(history).commit(empty, empty.with(row("0001")));
  }

  @AfterEach
  void tearDown() {
    pool.shutdownNow();
  }

  @Test
  void aWriteThatLosesToAConcurrentWriterIsTriedAgainFromAFreshReadAndLands() throws Exception {
    CyclicBarrier bothRead = new CyclicBarrier(2);
    List<AtomicInteger> tries = List.of(new AtomicInteger(), new AtomicInteger());
    List<Future<NamespaceHistory>> writers = new ArrayList<>();
    for (int w = 0; w < 2; w++) {
      AtomicInteger counted = tries.get(w);
      String version = "000" + (w + 2);
      writers.add(
          pool.submit(
              () ->
                  new HistoryRetry(5, "record " + version)
                      .run(
                          () -> {
                            int tried = counted.incrementAndGet();
                            NamespaceHistory read = history.load(namespace);
                            if (tried == 1) {
                              await(bothRead); // both first tries start from the same state
                            }
                            return TestWrites.writer(history).commit(read, read.with(row(version)));
                          },
                          (n, last) -> new IllegalStateException("out of tries", last))));
    }
    for (Future<NamespaceHistory> writer : writers) {
      writer.get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
    }

    assertThat(history.read(namespace))
        .extracting(HistoryRecord::version)
        .containsExactly("0001", "0002", "0003");
    assertThat(tries.get(0).get() + tries.get(1).get())
        .as("tries of both writers: the one that lost tried again")
        .isGreaterThanOrEqualTo(3);
  }

  @Test
  void aWriteThatKeepsLosingFailsWithItsCallersErrorAfterItsBudget() {
    AtomicInteger tried = new AtomicInteger();
    AtomicInteger otherWrites = new AtomicInteger();
    HistoryRetry retry = new HistoryRetry(3, "record 0002");

    assertThatThrownBy(
            () ->
                retry.run(
                    () -> {
                      tried.incrementAndGet();
                      NamespaceHistory read = history.load(namespace);
                      // another writer of the namespace commits between this try's read and write
                      String theirs = String.format("%04d", 100 + otherWrites.incrementAndGet());
                      writeFromAnotherThread(theirs);
                      return TestWrites.writer(history).commit(read, read.with(row("0002")));
                    },
                    (tries, last) ->
                        new ConcurrentMigrationException(
                            null, "Cannot record 0002: lost " + tries + " tries", last)))
        .isInstanceOf(ConcurrentMigrationException.class)
        .hasMessage("Cannot record 0002: lost 3 tries")
        .hasCauseInstanceOf(HistoryConflictException.class);
    assertThat(tried).hasValue(3);
    assertThat(history.read(namespace))
        .extracting(HistoryRecord::version)
        .containsExactly("0001", "0101", "0102", "0103");
  }

  @Test
  void anErrorOtherThanAConflictIsNotTriedAgain() {
    AtomicInteger tried = new AtomicInteger();

    assertThatThrownBy(
            () ->
                new HistoryRetry(5, "record 0002")
                    .run(
                        () -> {
                          tried.incrementAndGet();
                          throw new IllegalArgumentException("Cannot record 0002: bad row");
                        },
                        (tries, last) -> new IllegalStateException("out of tries", last)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot record 0002: bad row");
    assertThat(tried).hasValue(1);
  }

  @Test
  void aBudgetBelowOneTryIsRefused() {
    assertThatThrownBy(() -> new HistoryRetry(0, "record 0002"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot retry record 0002: the attempts must be at least 1, got 0");
  }

  private void writeFromAnotherThread(String version) {
    try {
      pool.submit(() -> writeFresh(version)).get(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
    } catch (Exception e) {
      throw new IllegalStateException("Cannot write " + version + " as another writer", e);
    }
  }

  private NamespaceHistory writeFresh(String version) {
    NamespaceHistory read = history.load(namespace);
    return TestWrites.writer(history).commit(read, read.with(row(version)));
  }

  private HistoryRecord row(String version) {
    return new HistoryRecord(version, namespace, "v" + version, Status.APPLIED, null, "c", T0, 1L);
  }

  private static void await(CyclicBarrier barrier) {
    try {
      barrier.await(ProgressWatch.HANG_MINUTES, TimeUnit.MINUTES);
    } catch (Exception e) {
      throw new IllegalStateException("Cannot start both writers together", e);
    }
  }
}
