package dev.icebergops.test.env.embedded;

import dev.icebergops.test.env.IcebergTestEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;

/**
 * Writers, each with its own catalog client and its own table, that commit at the same time: what
 * parallel test classes do to one shared environment. Any commit the server refuses is a fault of
 * the catalog's backend, since no two writers touch the same table.
 */
public final class ConcurrentTableWriters {
  /** The hang bound of docs/reliability.md ("Under load"): it ends a real hang, not a slow run. */
  private static final long HANG_MINUTES = 10;

  private ConcurrentTableWriters() {}

  /**
   * Runs {@code writers} threads that each create a table in {@code namespace} (which must exist)
   * and commit {@code commits} schema changes to it, and returns what failed, one line per failed
   * writer (empty when every commit landed).
   */
  public static List<String> failures(
      IcebergTestEnvironment env, Namespace namespace, int writers, int commits) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        RESTCatalog client = env.newCatalogClient("writer-" + w);
        TableIdentifier id = TableIdentifier.of(namespace, "table_" + w);
        results.add(pool.submit(() -> write(client, id, commits, start)));
      }
      start.countDown();
      List<String> failures = new ArrayList<>();
      for (Future<String> result : results) {
        String failure = result.get(HANG_MINUTES, TimeUnit.MINUTES);
        if (failure != null) {
          failures.add(failure);
        }
      }
      return failures;
    } finally {
      pool.shutdownNow();
    }
  }

  private static String write(
      RESTCatalog client, TableIdentifier id, int commits, CountDownLatch start) throws Exception {
    start.await();
    try (client) {
      Table table = client.createTable(id, ParquetRows.SCHEMA);
      for (int c = 0; c < commits; c++) {
        table.updateSchema().addColumn("c" + c, Types.LongType.get()).commit();
      }
      int columns = client.loadTable(id).schema().columns().size();
      int expected = ParquetRows.SCHEMA.columns().size() + commits;
      return columns == expected
          ? null
          : id + ": " + columns + " columns after the commits, expected " + expected;
    } catch (RuntimeException e) {
      return id + ": " + e;
    }
  }
}
