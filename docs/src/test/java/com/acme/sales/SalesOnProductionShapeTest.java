package com.acme.sales;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrationSuite;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;

// The guide's startFrom example (docs/reviewing-migrations.md), run on the snapshot in
// src/test/resources/snapshots/prod/sales (the exporter's output: ProductionSnapshotFilesTest).
// tag::start-from[]
@IcebergMigrations(
    locations = "classpath:com/acme/sales/db/iceberg",
    startFrom = "classpath:snapshots/prod/sales")
class SalesOnProductionShapeTest implements MigrationSuite { // the checks start from the snapshot

  @Test
  void ordersGetsItsDiscount(Catalog catalog, MigrationRunner runner) {
    Table orders = catalog.loadTable(TableIdentifier.of(runner.namespace(), "orders"));
    assertThat(orders.schema().findField("discount")).isNotNull();
  }
}
// end::start-from[]
