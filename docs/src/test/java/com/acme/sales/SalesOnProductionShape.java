package com.acme.sales;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.IcebergMigrations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The guide's {@code startFrom} example (docs/reviewing-migrations.md), compiled with the guide; it
 * is not run here (no sales chain or snapshot in this module): iceberg-ops-test's {@code
 * StartFromSnapshotTest} runs the same shape of class on a real snapshot.
 */
final class SalesOnProductionShape {

  private SalesOnProductionShape() {}

  // tag::start-from[]
  @IcebergMigrations(
      locations = "classpath:com/acme/sales/db/iceberg",
      startFrom = "classpath:snapshots/prod/sales")
  class SalesOnProductionShapeTest {

    @Test
    void ordersGetsItsDiscount(Catalog catalog, MigrationRunner runner) {
      Table orders = catalog.loadTable(TableIdentifier.of(runner.namespace(), "orders"));
      assertThat(orders.schema().findField("discount")).isNotNull();
    }
  }
  // end::start-from[]
}
