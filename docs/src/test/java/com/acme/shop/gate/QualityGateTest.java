package com.acme.shop.gate;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The preUpgrade gate of docs/writing-migrations.md, both ways, and its set through every standard
 * check (an upgrade run twice included: the partition helper does nothing the second time).
 */
@IcebergMigrations(locations = "classpath:com/acme/shop/gate")
class QualityGateTest implements MigrationSuite {

  @Test
  @MigrateTo("0001")
  void theGateRefusesCustomersWithoutACountry(MigrationRunner runner, IcebergTestData data) {
    Map<String, Object> unknown = new HashMap<>();
    unknown.put("customer_id", 1L);
    unknown.put("country", null);
    data.append("customers", Map.of("customer_id", 2L, "country", "FR"), unknown);

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("0002")
        .hasRootCauseMessage(
            "Cannot partition customers by country: some have none; backfill them first");
    assertThat(runner.status())
        .filteredOn(status -> status.version().equals("0002"))
        .extracting(MigrationStatus::state)
        .containsExactly(MigrationStatus.State.FAILED);
  }

  @Test
  @MigrateTo("0001")
  void theGateLetsCompleteCustomersThrough(
      MigrationRunner runner, IcebergTestData data, Catalog catalog) {
    data.append("customers", Map.of("customer_id", 2L, "country", "FR"));

    runner.migrate();

    assertThat(catalog.loadTable(TableIdentifier.of(runner.namespace(), "customers")))
        .hasPartitionField("country", "identity");
  }
}
