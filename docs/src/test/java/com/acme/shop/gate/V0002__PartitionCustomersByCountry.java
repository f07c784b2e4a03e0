package com.acme.shop.gate;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.PartitionFieldSpec;
import java.io.IOException;
import java.util.List;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;

/** Customers are read per country; a partition of nulls would hold most of them. */
// tag::quality-gate[]
public class V0002__PartitionCustomersByCountry extends BaseMigration {

  @Override
  public void preUpgrade(MigrationContext ctx) throws IOException {
    try (CloseableIterable<Record> unknown =
        IcebergGenerics.read(ctx.loadTable("customers"))
            .where(Expressions.isNull("country"))
            .build()) {
      if (unknown.iterator().hasNext()) {
        throw new IllegalStateException(
            "Cannot partition customers by country: some have none; backfill them first");
      }
    }
  }

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.updatePartitionSpec("customers", List.of(PartitionFieldSpec.identity("country")), null);
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.updatePartitionSpec("customers", null, List.of("country"));
  }
}
// end::quality-gate[]
