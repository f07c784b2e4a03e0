// tag::platform-orders-test[]
package com.acme.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.acme.payments.db.ParquetRewrites;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.Backfill;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

@IcebergMigrations(
    locations = "classpath:com/acme/platform/db/iceberg/orders", // the orders namespace's package
    backfills =
        @Backfill(version = "0002", table = "orders", column = "status", fillNulls = "PLACED"))
class OrdersMigrationsTest implements MigrationSuite { // + the ten standard tests

  @Test
  @MigrateTo("0001")
  void theBackfillWritesOneFilePerDay(
      MigrationRunner runner, IcebergTestData data, @IcebergTable("orders") Table orders) {
    data.append("orders", order(1, "2026-11-29T09:00:00Z"), order(2, "2026-11-30T08:00:00Z"));
    data.append("orders", order(3, "2026-11-29T18:00:00Z")); // a second file on the 29th

    runner.migrate("0002");

    assertThat(data.rows("orders"))
        .extracting("order_id", "status")
        .containsExactlyInAnyOrder(tuple(1L, "PLACED"), tuple(2L, "PLACED"), tuple(3L, "PLACED"));
    orders.refresh();
    assertThat(ParquetRewrites.dataFiles(orders)) // the 29th's two rows, the 30th's one
        .extracting(DataFile::recordCount)
        .containsExactlyInAnyOrder(2L, 1L);
  }

  @Test
  @MigrateTo("0002")
  void theCompactionRewritesOnlyTheDaysInSeveralFiles(
      MigrationRunner runner, IcebergTestData data, @IcebergTable("orders") Table orders) {
    data.append("orders", order(1, "2026-11-29T09:00:00Z"), order(2, "2026-11-30T08:00:00Z"));
    data.append("orders", order(3, "2026-11-29T18:00:00Z"));
    List<String> before = locations(orders); // three files: two on the 29th, one on the 30th

    runner.migrate(); // 0003

    assertThat(data.rows("orders")).extracting("order_id").containsExactlyInAnyOrder(1L, 2L, 3L);
    List<String> after = locations(orders);
    assertThat(after).hasSize(2); // one file per day
    assertThat(after).filteredOn(before::contains).hasSize(1); // the 30th's, left as it was
  }

  private static Map<String, Object> order(long id, String createdAt) {
    return Map.of("order_id", id, "customer_id", 42L, "created_at", createdAt);
  }

  private static List<String> locations(Table orders) {
    orders.refresh();
    return ParquetRewrites.dataFiles(orders).stream().map(DataFile::location).toList();
  }
}
// end::platform-orders-test[]
