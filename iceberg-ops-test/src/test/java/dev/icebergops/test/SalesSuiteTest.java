package dev.icebergops.test;

import dev.icebergops.test.fixtures.Sales;

/** A well-behaved migration set passes every standard check, contracts included. */
@IcebergMigrations(
    classes = {
      Sales.V0001__CreateOrders.class,
      Sales.V0002__AddRegion.class,
      Sales.V0003__PartitionByDay.class,
      Sales.V0004__RenameAmount.class,
      Sales.V0005__PromoteQuantity.class
    },
    irreversible = "0005",
    contracts = "classpath:contracts/sales")
class SalesSuiteTest implements MigrationSuite {}
