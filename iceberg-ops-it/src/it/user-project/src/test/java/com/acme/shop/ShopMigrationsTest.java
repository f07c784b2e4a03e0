package com.acme.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The standard checks of {@link MigrationSuite}, and the team's own data tests. */
@IcebergMigrations(
    locations = "classpath:com/acme/shop/db/iceberg",
    contracts = "classpath:contracts/shop")
class ShopMigrationsTest implements MigrationSuite {

  @Test
  @MigrateTo("0001")
  void ordersKeepTheirAmountsWhenTheRegionArrives(MigrationRunner runner, IcebergTestData data) {
    data.append(
        "orders",
        Map.of(
            "order_id",
            7L,
            "amount",
            new BigDecimal("19.90"),
            "created_at",
            "2026-11-29T10:00:00Z"));

    runner.migrate();

    assertThat(data.rows("orders"))
        .extracting("order_id", "amount", "region")
        .containsExactly(tuple(7L, new BigDecimal("19.90"), null));
  }

  @Test
  @MigrateTo("0002")
  void everyOrdersRegionIsSeeded(MigrationRunner runner, IcebergTestData data) {
    data.append(
        "orders",
        Map.of("order_id", 8L, "created_at", "2026-11-29T11:00:00Z", "region", "EMEA"),
        Map.of("order_id", 9L, "created_at", "2026-11-29T12:00:00Z", "region", "APAC"));

    runner.migrate(); // 0003 writes the regions as a Parquet data file

    List<Object> seeded =
        data.rows("regions").stream().map(row -> row.get("code")).collect(Collectors.toList());
    assertThat(data.rows("orders"))
        .extracting("region")
        .allSatisfy(region -> assertThat(seeded).contains(region));
    assertThat(seeded).containsExactlyInAnyOrder("EMEA", "AMER", "APAC");
  }
}
