package com.acme.shop;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.schema.SchemaDiff;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.assertj.IcebergOpsSoftAssertions;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;

/** The assertions of docs/testing-migrations.md, on the guide's migration set. */
@IcebergMigrations(locations = "classpath:com/acme/shop/db/iceberg", irreversible = "0003")
class AssertionsTest {

  // tag::assertions[]
  @Test
  @MigrateTo("0001")
  void regionIsTheOnlyChangeOf0002(MigrationRunner runner, Catalog catalog) {
    TableIdentifier orders = TableIdentifier.of(runner.namespace(), "orders");
    Schema before = catalog.loadTable(orders).schema();

    runner.migrate("0002");

    assertThat(runner).hasCurrentVersion("0002").hasPending("0003", "0004");
    assertThat(SchemaDiff.between(before, catalog.loadTable(orders).schema()))
        .hasAdded("region")
        .hasOnlyAdditions();
    IcebergOpsSoftAssertions.assertSoftly(
        softly -> {
          softly.assertThat(catalog.loadTable(orders)).hasColumn("quantity").ofType("int");
          softly.assertThat(catalog.loadTable(orders)).hasColumn("region").isOptional();
        });
  }
  // end::assertions[]
}
