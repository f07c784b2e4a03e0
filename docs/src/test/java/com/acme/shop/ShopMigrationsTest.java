// tag::shop-test-class[]
package com.acme.shop;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.util.Map;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

@IcebergMigrations(
    locations = "classpath:com/acme/shop/db/iceberg",
    irreversible = "0003", // its downgrade throws IrreversibleMigrationException
    contracts = "classpath:contracts/shop") // <table>.yaml that head must conform to
class ShopMigrationsTest implements MigrationSuite { // + the ten standard tests

  @Test
  @MigrateTo("0002")
  void quantitiesSurviveTheWidening(MigrationRunner runner, IcebergTestData data) {
    data.append(
        "orders",
        Map.ofEntries(
            entry("order_id", 7L),
            entry("customer_id", 42L),
            entry("quantity", 3), // an int at 0002
            entry("created_at", "2026-11-29T10:00:00Z")));

    runner.migrate(); // on to head

    assertThat(data.rows("orders"))
        .extracting("order_id", "quantity", "region")
        .containsExactly(tuple(7L, 3L, null));
  }

  @Test
  void ordersAtHead(@IcebergTable("orders") Table orders) {
    assertThat(orders)
        .hasPartitionField("created_at", "day")
        .doesNotHaveColumn("coupon_code")
        .hasColumn("region")
        .ofType("string")
        .hasDoc("Sales region, e.g. EMEA");
  }
}
// end::shop-test-class[]
