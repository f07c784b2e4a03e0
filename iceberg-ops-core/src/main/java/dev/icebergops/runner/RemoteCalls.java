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

  RemoteCalls(Catalog catalog, Duration timeout) {
    this.timeout = timeout;
    this.endpoints = endpoints(catalog);
  }

  Duration timeout() {
    return timeout;
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
    Future<T> future = WORKERS.submit(operation);
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new MigrationException(
          null,
          "Cannot "
              + what
              + ": no answer within "
              + seconds(timeout)
              + " from "
              + endpoints
              + " (the runner's time bound; set it with MigrationRunner.Builder.timeout)",
          e);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new MigrationException(null, "Cannot " + what + ": interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new MigrationException(null, "Cannot " + what + ": " + cause, cause);
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
