package dev.icebergops.runner;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.apache.iceberg.exceptions.RESTException;
import org.apache.iceberg.exceptions.ServiceFailureException;
import org.apache.iceberg.exceptions.ServiceUnavailableException;
import org.apache.iceberg.rest.RESTCatalog;

/**
 * Bounds the runner's own remote operations (history reads and writes, the lease): each gets at
 * most the configured time, after which the run fails naming the endpoints, even if the client
 * library underneath would wait or retry for much longer.
 */
final class RemoteCalls {

  private static final AtomicInteger THREADS = new AtomicInteger();

  private static final ExecutorService WORKERS =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "iceberg-ops-remote-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
          });

  private final Duration timeout;
  private final String endpoints;

  /**
   * When an operation last went unanswered ({@link System#nanoTime}), or null: later ones fail at
   * once for one bound's length.
   */
  private volatile Long unansweredAtNanos;

  RemoteCalls(Catalog catalog, Duration timeout) {
    this.timeout = timeout;
    this.endpoints = endpoints(catalog);
  }

  /** The catalog's endpoint and its store's, for messages. */
  String endpoints() {
    return endpoints;
  }

  /**
   * Runs an operation within the time bound.
   *
   * @param what the operation, for messages: {@code read the history of sales}
   * @throws MigrationException if it did not end within the bound
   */
  <T> T call(String what, Callable<T> operation) {
    if (timeout.isZero() || timeout.isNegative()) {
      return direct(operation);
    }
    checkAnswering(what);
    Future<T> future = WORKERS.submit(operation);
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      unansweredAtNanos = System.nanoTime();
      throw new MigrationException(
          null,
          ("Cannot %s: no answer within %s from %s (the runner's time bound; set it with"
                  + " MigrationRunner.Builder.timeout)")
              .formatted(what, seconds(timeout), endpoints),
          e);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new MigrationException(null, "Cannot " + what + ": interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (isUnreachable(cause)) {
        throw new MigrationException(
            null, "Cannot %s: %s (%s)".formatted(what, cause.getMessage(), endpoints), cause);
      }
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new MigrationException(null, "Cannot " + what + ": " + cause, cause);
    }
  }

  /**
   * An error of the connection or the server rather than of the request, including a commit the
   * catalog could not say landed or not.
   */
  static boolean isUnreachable(Throwable error) {
    return error instanceof RESTException
        || error instanceof CommitStateUnknownException
        || error instanceof ServiceFailureException
        || error instanceof ServiceUnavailableException
        || error instanceof java.io.UncheckedIOException
        || error.getClass().getName().startsWith("software.amazon.awssdk.");
  }

  /**
   * Runs a migration's body (a hook, its upgrade or its downgrade) on a runner thread and waits for
   * it, giving up when one of its helper steps has had no answer for longer than the time bound.
   * The body's own exception or error is rethrown as it is.
   *
   * @throws StepTimeoutException if a step exceeded the bound; it may still commit later
   */
  void runSteps(StepLog steps, Body body) throws Exception {
    Future<Void> future =
        WORKERS.submit(
            () -> {
              body.run();
              return null;
            });
    while (true) {
      try {
        future.get(100, TimeUnit.MILLISECONDS);
        return;
      } catch (TimeoutException e) {
        if (steps.currentFor().compareTo(timeout) > 0) {
          String step = steps.current();
          future.cancel(true);
          unansweredAtNanos = System.nanoTime();
          throw new StepTimeoutException(
              "step '%s' had no answer within %s from %s; it may still commit"
                  .formatted(step, seconds(timeout), endpoints));
        }
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Exception exception) {
          throw exception;
        }
        throw (Error) cause;
      }
    }
  }

  /**
   * Fails at once while an earlier operation went unanswered less than one bound ago, so that an
   * outage costs one bound, not one per remaining operation (recording the failure, releasing the
   * lease).
   */
  private void checkAnswering(String what) {
    Long at = unansweredAtNanos;
    if (at != null && System.nanoTime() - at < timeout.toNanos()) {
      throw new MigrationException(
          null,
          "Cannot %s: %s did not answer within %s moments ago; not tried again"
              .formatted(what, endpoints, seconds(timeout)),
          null);
    }
  }

  /** A migration body: a hook, an upgrade or a downgrade. */
  @FunctionalInterface
  interface Body {
    void run() throws Exception;
  }

  /** A helper step of a migration had no answer within the runner's time bound. */
  static final class StepTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StepTimeoutException(String message) {
      super(message);
    }
  }

  private static <T> T direct(Callable<T> operation) {
    try {
      return operation.call();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
  }

  private static String endpoints(Catalog catalog) {
    if (catalog instanceof RESTCatalog rest) {
      String uri = rest.properties().get("uri");
      String store = rest.properties().get("s3.endpoint");
      return "the catalog at "
          + (uri == null ? catalog.name() : uri)
          + (store == null ? "" : " or its store at " + store);
    }
    return "catalog " + catalog.name();
  }
}
