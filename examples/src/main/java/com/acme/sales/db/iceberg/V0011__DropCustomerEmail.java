package com.acme.sales.db.iceberg;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.TypeUtil;

/**
 * Data minimisation: the CRM owns customers' e-mail addresses, so orders stop keeping a copy. The
 * drop loses data on purpose (declared with {@code dropsData = "0011"} in the tests); current
 * readers no longer see the column, while snapshots still hold it for time travel until they
 * expire.
 *
 * <p>The downgrade makes the schema before the drop current again ({@code restoreSchema}): the
 * column returns with its field id, so the rows written before the drop read their e-mail again.
 * Re-adding it with {@code addColumn} would instead create a new, empty column.
 */
public class V0011__DropCustomerEmail extends BaseMigration {

  static final String EMAIL = "customer_email";

  @Override
  public void upgrade(MigrationContext ctx) {
    if (ctx.loadTable("orders").schema().findField(EMAIL) != null) {
      ctx.deleteColumn("orders", EMAIL);
    }
  }

  @Override
  public void downgrade(MigrationContext ctx) {
    ctx.restoreSchema("orders", schemaBeforeTheDrop(ctx.loadTable("orders")));
  }

  /** The id of a schema that is the current one plus the e-mail column. */
  private static int schemaBeforeTheDrop(Table orders) {
    Schema current = orders.schema();
    return orders.schemas().values().stream()
        .filter(schema -> schema.findField(EMAIL) != null)
        .filter(
            schema ->
                TypeUtil.selectNot(schema, Set.of(schema.findField(EMAIL).fieldId()))
                    .asStruct()
                    .equals(current.asStruct()))
        .mapToInt(Schema::schemaId)
        .max()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "Cannot restore "
                        + EMAIL
                        + " of "
                        + orders.name()
                        + ": no earlier schema is the current one plus that column"));
  }
}
