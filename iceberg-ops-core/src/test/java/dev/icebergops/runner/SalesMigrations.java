package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSource;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** A small sales migration set whose steps report to a {@link Probe}. */
final class SalesMigrations {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "quantity", Types.IntegerType.get()),
          optional(3, "amount", Types.DoubleType.get()));

  private SalesMigrations() {}

  static MigrationFactory factory(Probe probe) {
    return type -> type.getConstructor(Probe.class).newInstance(probe);
  }

  @SafeVarargs
  static MigrationSource source(Class<? extends Migration>... types) {
    return MigrationSource.of(types);
  }

  static MigrationSource all() {
    return source(
        V0001__CreateOrders.class,
        V0002__AddRegion.class,
        V0003__PromoteQuantity.class,
        V0004__AddChannel.class);
  }

  /** Reports every hook and step to the probe. */
  abstract static class Probed extends BaseMigration {
    final Probe probe;

    Probed(Probe probe) {
      this.probe = probe;
    }

    @Override
    public void preUpgrade(MigrationContext ctx) {
      probe.hit(version() + ".preUpgrade");
    }

    @Override
    public void upgrade(MigrationContext ctx) throws Exception {
      probe.hit(version() + ".upgrade");
      up(ctx);
    }

    @Override
    public void postUpgrade(MigrationContext ctx) {
      probe.hit(version() + ".postUpgrade");
    }

    @Override
    public void preDowngrade(MigrationContext ctx) {
      probe.hit(version() + ".preDowngrade");
    }

    @Override
    public void downgrade(MigrationContext ctx) throws Exception {
      probe.hit(version() + ".downgrade");
      down(ctx);
    }

    @Override
    public void postDowngrade(MigrationContext ctx) {
      probe.hit(version() + ".postDowngrade");
    }

    abstract void up(MigrationContext ctx) throws Exception;

    abstract void down(MigrationContext ctx) throws Exception;
  }

  public static class V0001__CreateOrders extends Probed {
    public V0001__CreateOrders(Probe probe) {
      super(probe);
    }

    @Override
    void up(MigrationContext ctx) {
      ctx.createTableIfNotExists("orders", ORDERS);
    }

    @Override
    void down(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  public static class V0002__AddRegion extends Probed {
    public V0002__AddRegion(Probe probe) {
      super(probe);
    }

    @Override
    void up(MigrationContext ctx) {
      ctx.enforceColumn("orders", "region", "string");
    }

    @Override
    void down(MigrationContext ctx) {
      ctx.deleteColumn("orders", "region");
    }
  }

  public static class V0003__PromoteQuantity extends Probed {
    public V0003__PromoteQuantity(Probe probe) {
      super(probe);
    }

    @Override
    void up(MigrationContext ctx) {
      ctx.enforceColumn("orders", "quantity", Types.LongType.get());
    }

    @Override
    void down(MigrationContext ctx) {
      throw new IrreversibleMigrationException("quantity stays long: Iceberg cannot narrow a type");
    }
  }

  public static class V0004__AddChannel extends Probed {
    public V0004__AddChannel(Probe probe) {
      super(probe);
    }

    @Override
    void up(MigrationContext ctx) {
      ctx.enforceColumn("orders", "channel", "string");
    }

    @Override
    void down(MigrationContext ctx) {
      ctx.deleteColumn("orders", "channel");
    }
  }

  /** Another build of version 0001 whose body differs, as if the file had been edited. */
  static final class Edited {
    private Edited() {}

    public static class V0001__CreateOrders extends Probed {
      public V0001__CreateOrders(Probe probe) {
        super(probe);
      }

      @Override
      void up(MigrationContext ctx) {
        ctx.createTableIfNotExists("orders", ORDERS);
        ctx.setTableProperties("orders", java.util.Map.of("owner", "sales"));
      }

      @Override
      void down(MigrationContext ctx) {
        ctx.dropTableIfExists("orders");
      }
    }
  }
}
