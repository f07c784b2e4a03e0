package dev.icebergops.test.internal;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.PartitionFieldSpec;
import dev.icebergops.migration.SortColumn;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** A well-behaved migration set: every upgrade is idempotent and every downgrade undoes it. */
public final class GoodMigrations {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "customer", Types.LongType.get()),
          optional(3, "amount", Types.DoubleType.get(), "order total"));

  private GoodMigrations() {}

  static MigrationSource source() {
    return MigrationSource.of(
        V0001__CreateOrders.class,
        V0002__AddRegionToOrders.class,
        V0003__RenameCustomer.class,
        V0004__PartitionAndSortOrders.class,
        V0005__SetOwner.class);
  }

  public static class V0001__CreateOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists("orders", ORDERS);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  public static class V0002__AddRegionToOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "region", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "region");
    }
  }

  public static class V0003__RenameCustomer extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceRename("orders", "customer", "customer_id");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.enforceRename("orders", "customer_id", "customer");
    }
  }

  public static class V0004__PartitionAndSortOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      boolean partitioned =
          ctx.loadTable("orders").spec().fields().stream()
              .anyMatch(f -> f.name().equals("region_bucket"));
      if (!partitioned) {
        ctx.updatePartitionSpec(
            "orders",
            List.of(PartitionFieldSpec.of("region", "bucket[16]", "region_bucket")),
            null);
      }
      ctx.replaceSortOrder("orders", List.of(SortColumn.asc("id")));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.replaceSortOrder("orders", List.of());
      ctx.updatePartitionSpec("orders", null, List.of("region_bucket"));
    }
  }

  public static class V0005__SetOwner extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.setTableProperties("orders", Map.of("owner", "sales"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.unsetTableProperties("orders", List.of("owner"));
    }
  }
}
