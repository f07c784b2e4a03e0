// tag::platform-customers-test[]
package com.acme.platform;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;

import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.MigrationSuite;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

@IcebergMigrations(locations = "classpath:com/acme/platform/db/iceberg/customers")
class CustomersMigrationsTest implements MigrationSuite { // the same environment as the orders'

  @Test
  void customersAtHead(@IcebergTable("customers") Table customers) {
    assertThat(customers).hasColumn("region").ofType("string");
  }
}
// end::platform-customers-test[]
