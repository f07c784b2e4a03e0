package dev.icebergops.history;

import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;

/**
 * Runs inside {@link HistoryWithoutHadoopTest}'s class loader, which lacks Hadoop, ORC,
 * parquet-avro: builds a catalog with {@link CatalogUtil#buildIcebergCatalog} (no Hadoop
 * configuration), optionally records a row, and reads a namespace's history. Answers the rows as
 * {@code version status} pairs, or the failure as {@code ExceptionClass: message}. Given migration
 * classes, it answers instead what a runner of them on a namespace says: its status, then {@code
 * valid} when validate passes. Its argument holds the catalog properties and {@code probe.*} keys.
 */
public final class LeanClassPathProbe implements Function<Map<String, String>, String> {

  static final String META = "probe.meta";
  static final String RECORD = "probe.record";
  static final String NAMESPACE = "probe.namespace";

  /** Migration class names, comma-separated. */
  static final String MIGRATIONS = "probe.migrations";

  @Override
  public String apply(Map<String, String> arguments) {
    Map<String, String> properties = new HashMap<>(arguments);
    String meta = properties.remove(META);
    String record = properties.remove(RECORD);
    String namespace = properties.remove(NAMESPACE);
    String migrations = properties.remove(MIGRATIONS);
    Catalog catalog = CatalogUtil.buildIcebergCatalog("lean-probe", properties, null);
    try {
      if (migrations != null) {
        return runnerSays(catalog, meta, namespace, migrations);
      }
      MigrationHistory history = new MigrationHistory(catalog, meta);
      if (record != null) {
        TestWrites.record(
            history,
            new HistoryRecord(
                record,
                "sales",
                "migration " + record,
                Status.APPLIED,
                null,
                "sum-" + record,
                Instant.parse("2026-11-30T10:00:00Z"),
                7L),
            null);
      }
      return history.read("sales").stream()
          .map(row -> row.version() + " " + row.status().value())
          .collect(Collectors.joining(", "));
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    } finally {
      close(catalog);
    }
  }

  @SuppressWarnings("unchecked")
  private static String runnerSays(
      Catalog catalog, String meta, String namespace, String migrations) {
    List<Class<? extends Migration>> types = new ArrayList<>();
    for (String name : migrations.split(",")) {
      try {
        types.add((Class<? extends Migration>) Class.forName(name));
      } catch (ClassNotFoundException e) {
        throw new IllegalArgumentException("Cannot load migration " + name, e);
      }
    }
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.of(types))
            .build();
    String status =
        runner.status().stream()
            .map(row -> row.version() + " " + row.state().name().toLowerCase(Locale.ROOT))
            .collect(Collectors.joining(", "));
    runner.validate();
    return status + "; valid";
  }

  private static void close(Catalog catalog) {
    if (catalog instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        throw new IllegalStateException("Cannot close catalog lean-probe: " + e.getMessage(), e);
      }
    }
  }
}
