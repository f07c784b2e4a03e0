package com.acme.broken.notidempotent;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The invoices table. */
public class V0001__CreateInvoices extends BaseMigration {

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.createTableIfNotExists(
        "invoices",
        new Schema(
            required(1, "invoice_id", Types.LongType.get()),
            optional(2, "amount", Types.DecimalType.of(10, 2)),
            optional(3, "issued_on", Types.DateType.get())));
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.dropTableIfExists("invoices");
  }
}
