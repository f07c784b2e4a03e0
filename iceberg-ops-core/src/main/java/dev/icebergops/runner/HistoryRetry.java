package dev.icebergops.runner;

import dev.icebergops.history.HistoryConflictException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * The one policy for a history write that lost to another writer ({@link
 * HistoryConflictException}): try again from a fresh read, after a random pause of up to 50 ms
 * doubled per lost try (at most 2 s, so that writers of other namespaces that lost together do not
 * all try again together), until the contention budget of {@code attempts} tries is spent; then
 * fail with the caller's error. Taking the lease, every write of a run and releasing a lease by
 * hand all retry this way.
 *
 * <pre>{@code
 * HistoryRetry retry = new HistoryRetry(50, "record the migration history of sales");
 * NamespaceHistory stored =
 *     retry.run(attempt -> commitFromAFreshRead(), (tries, last) -> exhausted(tries, last));
 * }</pre>
 *
 * @param attempts the budget: how many tries in all (at least 1)
 * @param what the write, for the message of an interrupted pause: {@code take the run lease of
 *     sales}
 */
record HistoryRetry(int attempts, String what) {

  /** How many tries a history write gets unless configured otherwise. */
  static final int DEFAULT_ATTEMPTS = 50;

  HistoryRetry {
    if (attempts < 1) {
      throw new IllegalArgumentException(
          "Cannot retry " + what + ": the attempts must be at least 1, got " + attempts);
    }
  }

  /**
   * Runs {@code attempt} until it returns, trying again while it throws {@link
   * HistoryConflictException} and the budget lasts.
   *
   * @param attempt one try: throws {@link HistoryConflictException} when another writer came first,
   *     to be tried again, anything else to stop
   * @param exhausted the error to throw once the budget is spent, from the number of tries and the
   *     last conflict
   * @return what the successful try returned
   */
  <T> T run(Supplier<T> attempt, Exhausted exhausted) {
    for (int tried = 1; ; tried++) {
      try {
        return attempt.get();
      } catch (HistoryConflictException e) {
        afterLoss(tried, e, exhausted);
      }
    }
  }

  /**
   * What follows a lost try: a pause before the next one, or the caller's error once the budget is
   * spent.
   *
   * @param tried the lost try's number, from 1
   * @throws RuntimeException the error {@code exhausted} makes, once {@code tried} spent the budget
   */
  void afterLoss(int tried, HistoryConflictException lost, Exhausted exhausted) {
    if (tried >= attempts) {
      throw exhausted.error(tried, lost);
    }
    pause(
        1L + ThreadLocalRandom.current().nextLong(Math.min(2000L, 50L << Math.min(tried, 6))),
        what);
  }

  /**
   * Pauses a history write or the wait for a lease.
   *
   * @throws MigrationException {@code Cannot <what>: interrupted}, if the thread is interrupted
   */
  static void pause(long millis, String what) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MigrationException(null, "Cannot " + what + ": interrupted", e);
    }
  }

  /** The error of a write whose budget ran out. */
  @FunctionalInterface
  interface Exhausted {
    RuntimeException error(int tries, HistoryConflictException last);
  }
}
