package com.acme.sales;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.test.Backend;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.env.containers.ContainersEnvironment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The sales migrations against a REST catalog image and MinIO in containers, the way a team proves
 * them against the servers production runs. Needs a Docker engine and the images: {@code mvn
 * -Pcontainers verify} (tagged {@code containers}, so the default build leaves it out).
 */
@Tag("containers")
@IcebergMigrations(
    locations = "classpath:com/acme/sales/db/iceberg",
    backend = Backend.CONTAINERS,
    irreversible = {"0004", "0005"})
class SalesOnContainersTest {

  @Test
  @MigrateTo("0001")
  void anotherEngineReadsTheSeededOrderAtHeadFromTheContainers(
      MigrationRunner runner, IcebergTestData data, IcebergTestEnvironment environment)
      throws IOException {
    assertThat(environment).isInstanceOf(ContainersEnvironment.class);
    data.append("orders", SampleOrders.atTheFirstVersion());

    runner.migrate();

    // a separate client, built from the properties a Spark or Trino session would get
    try (RESTCatalog engine =
        (RESTCatalog)
            CatalogUtil.buildIcebergCatalog("engine", environment.catalogProperties(), null)) {
      Table orders = engine.loadTable(TableIdentifier.of(runner.namespace(), "orders"));
      assertThat(orders)
          .conformsTo(SchemaContract.fromClasspath("contracts/sales/orders.yaml"))
          .hasPartitionField("region", "identity");
      assertThat(read(orders))
          .extracting(row -> row.getField("order_id"), row -> row.getField("total"))
          .containsExactly(tuple(SampleOrders.ORDER_ID, SampleOrders.AMOUNT));
    }
  }

  private static List<Record> read(Table table) throws IOException {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(rows::add);
    }
    return rows;
  }
}
