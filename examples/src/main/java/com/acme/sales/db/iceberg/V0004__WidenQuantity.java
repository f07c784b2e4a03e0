package com.acme.sales.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/**
 * Wholesale orders exceed an int: quantity becomes a long, an in-place Iceberg promotion that keeps
 * every value. Refunds used to be booked as orders with a negative quantity; they belong in the
 * refunds feed, so the quality gate refuses the migration while any is left.
 */
public class V0004__WidenQuantity extends BaseMigration {

  private static final int EXAMPLES = 5;

  @Override
  public void preUpgrade(MigrationContext ctx) throws IOException {
    Table orders = ctx.loadTable("orders");
    List<Object> negative = new ArrayList<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(orders)
            .select("order_id", "quantity")
            .where(Expressions.lessThan("quantity", 0))
            .build()) {
      for (Record row : rows) {
        negative.add(row.getField("order_id"));
      }
    }
    if (!negative.isEmpty()) {
      throw new IllegalStateException(
          String.format(
              "Cannot widen %s.quantity: %d order(s) have a negative quantity (refunds booked as"
                  + " orders), for example %s; move them to the refunds feed first",
              ctx.qualified("orders"),
              negative.size(),
              negative.subList(0, Math.min(EXAMPLES, negative.size()))));
    }
  }

  @Override
  public void upgrade(MigrationContext ctx) {
    ctx.enforceColumn("orders", "quantity", Types.LongType.get());
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    throw new IrreversibleMigrationException(
        "Iceberg cannot narrow long back to int; quantity stays a long");
  }
}
