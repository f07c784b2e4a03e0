package dev.icebergops.testing;

import java.util.concurrent.CountDownLatch;
import org.apache.iceberg.util.ThreadPools;

/**
 * Every thread of Iceberg's shared worker pool kept busy until closed: code that waits for that
 * pool while it is held waits until then, so a test that finishes inside the hold proves the code
 * does not need the pool.
 *
 * <pre>{@code
 * try (HeldWorkerPool held = HeldWorkerPool.hold()) {
 *   RowFiles.append(table, rows); // would wait for the pool forever
 * }
 * }</pre>
 */
public final class HeldWorkerPool implements AutoCloseable {

  private final CountDownLatch release = new CountDownLatch(1);

  private HeldWorkerPool() {}

  /**
   * Takes every thread of the pool, and returns once each is held.
   *
   * @throws InterruptedException if interrupted while the threads are taken
   */
  public static HeldWorkerPool hold() throws InterruptedException {
    HeldWorkerPool held = new HeldWorkerPool();
    CountDownLatch busy = new CountDownLatch(ThreadPools.WORKER_THREAD_POOL_SIZE);
    for (int i = 0; i < ThreadPools.WORKER_THREAD_POOL_SIZE; i++) {
      ThreadPools.getWorkerPool()
          .submit(
              () -> {
                busy.countDown();
                held.release.await();
                return null;
              });
    }
    busy.await();
    return held;
  }

  /** Lets the pool's threads go. */
  @Override
  public void close() {
    release.countDown();
  }
}
