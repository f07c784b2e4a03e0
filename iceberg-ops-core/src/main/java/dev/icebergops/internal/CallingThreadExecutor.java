package dev.icebergops.internal;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task in the thread that submits it. Iceberg's snapshot producers and scans fan their
 * manifest work out to a worker pool and then poll the futures every 10 ms; the history table's
 * commits and reads touch a few small manifests, so running them in the calling thread saves those
 * polls and the hand-offs. Not part of the public API.
 */
public final class CallingThreadExecutor extends AbstractExecutorService {

  /** Never shut down: it holds no thread. */
  public static final CallingThreadExecutor INSTANCE = new CallingThreadExecutor();

  private CallingThreadExecutor() {}

  @Override
  public void execute(Runnable command) {
    command.run();
  }

  /** Nothing to stop: it holds no thread. */
  @Override
  public void shutdown() {}

  @Override
  public List<Runnable> shutdownNow() {
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return false;
  }
}
