package com.acme.shop;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;

import dev.icebergops.test.Backend;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTable;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

// tag::backend-auto[]
@IcebergMigrations(
    locations = "classpath:com/acme/shop/db/iceberg",
    irreversible = "0003",
    backend = Backend.AUTO) // containers when a Docker engine answers, else embedded
class BackendChoiceTest {

  @Test
  void ordersArePartitionedByDay(@IcebergTable("orders") Table orders) {
    assertThat(orders).hasPartitionField("created_at", "day");
  }
}
// end::backend-auto[]
