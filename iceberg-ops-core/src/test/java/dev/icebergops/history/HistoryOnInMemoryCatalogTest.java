package dev.icebergops.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.HistoryRecord.Status;
import java.time.Instant;
import java.util.Map;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.junit.jupiter.api.Test;

/** The history table on Iceberg's InMemoryCatalog, which needs a namespace before its tables. */
class HistoryOnInMemoryCatalogTest {

  @Test
  void firstRecordCreatesTheMetaNamespaceOnACatalogThatNeedsIt() throws Exception {
    try (InMemoryCatalog catalog = new InMemoryCatalog()) {
      catalog.initialize("memory", Map.of());
      MigrationHistory history = new MigrationHistory(catalog, "ops.meta");
      HistoryRecord row =
          new HistoryRecord(
              "0001",
              "sales",
              "create orders",
              Status.APPLIED,
              null,
              "sum",
              Instant.parse("2026-11-30T10:00:00Z"),
              5L);

      TestWrites.record(history, row, null);

      assertThat(catalog.namespaceExists(Namespace.of("ops", "meta"))).isTrue();
      assertThat(history.read("sales")).containsExactly(row);
    }
  }
}
