package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.PartitionFieldSpec;
import dev.icebergops.schema.EnforceOptions;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/** A chain of migrations of an orders table, for the preview and drift tests. */
final class PreviewFixtures {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "qty", Types.IntegerType.get()),
          optional(3, "note", Types.StringType.get()));

  private PreviewFixtures() {}

  /** A migration whose downgrade these tests never run. */
  abstract static class Forward extends BaseMigration {
    @Override
    public void downgrade(MigrationContext ctx) {
      throw new IrreversibleMigrationException("the preview and drift tests only upgrade");
    }
  }

  public static class V0001__CreateOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists("orders", ORDERS);
    }
  }

  public static class V0002__CreateCustomers extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "customers",
          new Schema(
              required(1, "id", Types.LongType.get()),
              optional(2, "name", Types.StringType.get())));
    }
  }

  public static class V0003__AddRegion extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("orders", "region", "string", "Sales region");
    }
  }

  public static class V0004__RenameNote extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceRename("orders", "note", "comment");
    }
  }

  public static class V0005__PromoteQty extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "qty", "long", EnforceOptions.defaults());
    }
  }

  public static class V0006__PartitionByRegion extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.updatePartitionSpec("orders", List.of(PartitionFieldSpec.identity("region")), null);
      ctx.setTableProperties("orders", Map.of("commit.retry.num-retries", "8"));
    }
  }

  /** Renames note onto the existing qty with Iceberg's own rename: no archival. */
  public static class V0004__RenameNoteOntoQty extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.loadTable("orders").updateSchema().renameColumn("note", "qty").commit();
    }
  }

  /** Adds a column, then counts the rows: a scan of the live table's data files. */
  public static class V0005__AddAndCount extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) throws Exception {
      ctx.addColumn("orders", "counted", "long");
      try (CloseableIterable<Record> rows = IcebergGenerics.read(ctx.loadTable("orders")).build()) {
        rows.forEach(row -> {});
      }
    }
  }

  /** Drops the live orders table, keeping its files. */
  public static class V0002__DropOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.catalog().dropTable(ctx.identifier("orders"), false);
    }
  }

  /** Drops the live orders table and purges its files. */
  public static class V0002__PurgeOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.catalog().dropTable(ctx.identifier("orders"), true);
    }
  }

  /** Renames the live orders table to orders_v1. */
  public static class V0002__RenameOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.catalog().renameTable(ctx.identifier("orders"), ctx.identifier("orders_v1"));
    }
  }

  /** Expires every snapshot of the live orders table but the current one, cleaning their files. */
  public static class V0002__ExpireOrders extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.loadTable("orders").expireSnapshots().expireOlderThan(Long.MAX_VALUE).commit();
    }
  }

  /** Deletes a file under the live orders table's data, as a cleanup of orphan files does. */
  public static class V0002__DeleteOrphan extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      Table orders = ctx.loadTable("orders");
      orders.io().deleteFile(orders.location() + "/data/orphan.parquet");
    }
  }

  /** Counts the rows of the live orders table, going on without a count when the read fails. */
  public static class V0002__CountOrSkip extends Forward {
    @Override
    public void upgrade(MigrationContext ctx) {
      try (CloseableIterable<Record> rows = IcebergGenerics.read(ctx.loadTable("orders")).build()) {
        rows.forEach(row -> {});
      } catch (Exception e) {
        // a library that swallows a failed read
      }
    }
  }
}
