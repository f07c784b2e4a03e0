package com.acme.sales;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

/**
 * The whole test class a team needs: the standard checks come from {@link MigrationSuite}, the
 * data-preservation tests are the team's own.
 */
@IcebergMigrations(
    locations = "classpath:com/acme/sales/db/iceberg",
    irreversible = "0004",
    contracts = "classpath:contracts/sales")
class SalesMigrationsTest implements MigrationSuite {

  @Test
  @MigrateTo("0003")
  void durationsSurviveTheRetype(MigrationRunner runner, IcebergTestData data) {
    data.append("events", Map.of("id", 1L, "duration", 42, "ts", "2026-11-29T10:00:00Z"));

    runner.migrate();

    assertThat(data.rows("events"))
        .extracting("id", "duration__legacy_1", "duration")
        .containsExactly(tuple(1L, 42, null));
  }

  @Test
  @MigrateTo("0004")
  void ordersKeepTheirAmountsThroughTheRename(MigrationRunner runner, IcebergTestData data) {
    data.append(
        "orders",
        Map.of(
            "order_id",
            7L,
            "customer_id",
            42L,
            "amount",
            new BigDecimal("19.90"),
            "created_at",
            "2026-11-29T10:00:00Z",
            "region",
            "EMEA"));

    runner.migrate();

    assertThat(data.rows("orders"))
        .extracting("order_id", "total")
        .containsExactly(tuple(7L, new BigDecimal("19.90")));
  }

  @Test
  void ordersAtHeadAreClusteredByCustomerAndPartitionedByDay(@IcebergTable("orders") Table orders) {
    assertThat(orders)
        .hasPartitionField("created_at", "day")
        .hasSortOrder("customer_id asc nulls first")
        .hasProperty("history.expire.min-snapshots-to-keep", "5")
        .hasColumn("total")
        .ofType("decimal(10,2)")
        .hasDoc("Gross total in EUR");
  }

  @Test
  void eventsKeepTheArchivedDuration(@IcebergTable("events") Table events) throws IOException {
    assertThat(events)
        .conformsTo(
            SchemaContract.fromYaml(Path.of("src/test/resources/contracts/sales/events.yaml")))
        .hasLegacyColumn("duration", 1);
  }
}
