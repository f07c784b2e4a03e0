package com.acme.platform.db.iceberg.customers;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.TableOptions;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The customers namespace: one table, partitioned by region. */
public class V0001__CreateCustomers extends BaseMigration {

  static final Schema CUSTOMERS =
      new Schema(
          required(1, "customer_id", Types.LongType.get()),
          optional(2, "name", Types.StringType.get()),
          required(3, "region", Types.StringType.get()));

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "customers",
        CUSTOMERS,
        TableOptions.defaults()
            .withPartitionSpec(PartitionSpec.builderFor(CUSTOMERS).identity("region").build()));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("customers");
  }
}
