package com.acme.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.embedded.EmbeddedEnvironment;
import java.util.List;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;

/** The orders platform as production runs it: docs/testing-migrations.md, several namespaces. */
class PlatformRunnersTest {

  @Test
  void eachNamespaceRunsTheSubpackageNamedAfterIt() {
    try (IcebergTestEnvironment env = EmbeddedEnvironment.create().withBucket("platform")) {
      env.start();
      Catalog catalog = env.catalog();
      // tag::platform-runners[]
      MigrationSource platform =
          MigrationSource.classpath("classpath:com/acme/platform/db/iceberg");
      for (String namespace : List.of("orders", "customers")) { // .../iceberg/orders, /customers
        MigrationRunner.builder(catalog).namespace(namespace).source(platform).build().migrate();
      }
      // end::platform-runners[]
      assertThat(catalog.listTables(Namespace.of("orders")))
          .extracting(TableIdentifier::name)
          .containsExactlyInAnyOrder("orders", "order_items");
      assertThat(catalog.listTables(Namespace.of("customers")))
          .extracting(TableIdentifier::name)
          .containsExactly("customers");
    }
  }
}
