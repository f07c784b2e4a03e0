package dev.icebergops.test.internal;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.PartitionFieldSpec;
import dev.icebergops.schema.EnforceOptions;
import dev.icebergops.test.internal.GoodMigrations.V0001__CreateOrders;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** Migration sets that each break one rule, on top of the good set's {@code orders} table. */
public final class BadMigrations {

  private BadMigrations() {}

  /** 0002's downgrade forgets to drop the column its upgrade added. */
  public static final class Forgetful {
    private Forgetful() {}

    static MigrationSource source() {
      return MigrationSource.of(V0001__CreateOrders.class, V0002__AddRegionToOrders.class);
    }

    public static class V0002__AddRegionToOrders extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        ctx.enforceColumn("orders", "region", "string");
      }

      @Override
      public void downgrade(MigrationContext ctx) {
        // forgets ctx.deleteColumn("orders", "region")
      }
    }
  }

  /** 0003's downgrade forgets the partition field and the property its upgrade set. */
  public static final class ForgetfulLayout {
    private ForgetfulLayout() {}

    static MigrationSource source() {
      return MigrationSource.of(
          V0001__CreateOrders.class,
          GoodMigrations.V0002__AddRegionToOrders.class,
          V0003__PartitionAndOwnOrders.class);
    }

    public static class V0003__PartitionAndOwnOrders extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        if (ctx.loadTable("orders").spec().isUnpartitioned()) {
          ctx.updatePartitionSpec(
              "orders",
              List.of(PartitionFieldSpec.of("region", "bucket[16]", "region_bucket")),
              null);
        }
        ctx.setTableProperties("orders", Map.of("owner", "sales"));
      }

      @Override
      public void downgrade(MigrationContext ctx) {
        // forgets the partition field and the property
      }
    }
  }

  /** 0002 archives a column, which no downgrade can undo; 0003 is reversible again. */
  public static final class Irreversible {
    private Irreversible() {}

    static MigrationSource source() {
      return MigrationSource.of(
          V0001__CreateOrders.class, V0002__RetypeAmount.class, V0003__AddChannel.class);
    }

    public static class V0002__RetypeAmount extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        ctx.enforceColumn("orders", "amount", "string", EnforceOptions.legacyArchival());
      }

      @Override
      public void downgrade(MigrationContext ctx) {
        throw new IrreversibleMigrationException(
            "amount__legacy_1 holds the old values; rename it back by hand");
      }
    }

    static MigrationSource thenForgetful() {
      return MigrationSource.of(
          V0001__CreateOrders.class, V0002__RetypeAmount.class, V0003__AddNoteForgetfully.class);
    }

    public static class V0003__AddNoteForgetfully extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        ctx.enforceColumn("orders", "note", "string");
      }

      @Override
      public void downgrade(MigrationContext ctx) {}
    }

    public static class V0003__AddChannel extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        ctx.enforceColumn("orders", "channel", "string");
      }

      @Override
      public void downgrade(MigrationContext ctx) {
        ctx.deleteColumn("orders", "channel");
      }
    }
  }

  /**
   * 0002 adds a column unconditionally; 0003 stamps a fresh value; 0004 commits an empty append.
   */
  public static final class NonIdempotent {
    private static final AtomicLong STAMPS = new AtomicLong();

    private NonIdempotent() {}

    static MigrationSource source() {
      return MigrationSource.of(
          V0001__CreateOrders.class,
          V0002__AddNote.class,
          V0003__StampOrders.class,
          V0004__TouchOrders.class);
    }

    public static class V0002__AddNote extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        ctx.addColumn("orders", "note", Types.StringType.get());
      }

      @Override
      public void downgrade(MigrationContext ctx) {
        ctx.deleteColumn("orders", "note");
      }
    }

    public static class V0003__StampOrders extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        ctx.setTableProperties("orders", Map.of("stamp", "s" + STAMPS.incrementAndGet()));
      }

      @Override
      public void downgrade(MigrationContext ctx) {
        ctx.unsetTableProperties("orders", List.of("stamp"));
      }
    }

    public static class V0004__TouchOrders extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        ctx.loadTable("orders").newAppend().commit();
      }

      @Override
      public void downgrade(MigrationContext ctx) {}
    }
  }

  /** 0002 creates a table its downgrade never drops. */
  public static final class Leftover {
    private Leftover() {}

    static MigrationSource source() {
      return MigrationSource.of(V0001__CreateOrders.class, V0002__CreateAudit.class);
    }

    public static class V0002__CreateAudit extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        ctx.createTableIfNotExists(
            "audit",
            new Schema(
                Types.NestedField.required(1, "id", Types.LongType.get()),
                Types.NestedField.optional(2, "event", Types.StringType.get())));
      }

      @Override
      public void downgrade(MigrationContext ctx) {
        // forgets ctx.dropTableIfExists("audit")
      }
    }
  }

  /** 0002 drops the last column; its downgrade re-adds it alike, but with a new field id. */
  public static final class ReAdded {
    private ReAdded() {}

    static MigrationSource source() {
      return MigrationSource.of(V0001__CreateOrders.class, V0002__DropAmount.class);
    }

    public static class V0002__DropAmount extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        if (ctx.loadTable("orders").schema().findField("amount") != null) {
          ctx.deleteColumn("orders", "amount");
        }
      }

      @Override
      public void downgrade(MigrationContext ctx) {
        ctx.addColumn("orders", "amount", Types.DoubleType.get(), "order total");
      }
    }
  }

  /** 0002's upgrade fails. */
  public static final class Broken {
    private Broken() {}

    static MigrationSource source() {
      return MigrationSource.of(V0001__CreateOrders.class, V0002__Explode.class);
    }

    public static class V0002__Explode extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {
        throw new IllegalStateException("boom");
      }

      @Override
      public void downgrade(MigrationContext ctx) {}
    }
  }

  /** Two classes claim version 0001. */
  public static final class Duplicate {
    private Duplicate() {}

    static MigrationSource source() {
      return MigrationSource.of(V0001__CreateOrders.class, V0001__AlsoFirst.class);
    }

    public static class V0001__AlsoFirst extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {}

      @Override
      public void downgrade(MigrationContext ctx) {}
    }
  }

  /** A version that was applied and rolled back, then deleted from the code. */
  public static final class Ghost {
    private Ghost() {}

    static MigrationSource source() {
      return MigrationSource.of(V0009__Ghost.class);
    }

    public static class V0009__Ghost extends BaseMigration {
      @Override
      public void upgrade(MigrationContext ctx) {}

      @Override
      public void downgrade(MigrationContext ctx) {}
    }
  }
}
