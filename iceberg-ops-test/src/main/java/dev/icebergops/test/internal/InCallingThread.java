package dev.icebergops.test.internal;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task in the thread that submits it: Iceberg's scans and appends fan their manifest work
 * out to a worker pool and poll the futures every 10 ms, for the few small manifests of a test's
 * table. Never shut down: it holds no thread.
 */
public final class InCallingThread extends AbstractExecutorService {

  /** The one instance. */
  public static final InCallingThread EXECUTOR = new InCallingThread();

  private InCallingThread() {}

  @Override
  public void execute(Runnable command) {
    command.run();
  }

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
