package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.optional;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * Baselines of {@link SalesMigrations}' chain: {@code B0002} builds orders with region, {@code
 * B0003} with the promoted quantity too. Each reports to the {@link Probe} as {@code B<version>.*}.
 */
final class BaselineMigrations {

  private BaselineMigrations() {}

  /** The chain 0001-0004 with baselines at 0002 and 0003. */
  static MigrationSource chainWithTwoBaselines() {
    return MigrationSource.of(
        SalesMigrations.V0001__CreateOrders.class,
        SalesMigrations.V0002__AddRegion.class,
        SalesMigrations.V0003__PromoteQuantity.class,
        SalesMigrations.V0004__AddChannel.class,
        B0002__Baseline.class,
        B0003__Baseline.class);
  }

  /** Reports every hook and step to the probe as {@code B<version>.<hook>}. */
  abstract static class Probed extends BaseMigration {
    final Probe probe;

    Probed(Probe probe) {
      this.probe = probe;
    }

    private void hit(String what) {
      probe.hit("B" + version() + "." + what);
    }

    @Override
    public void preUpgrade(MigrationContext ctx) {
      hit("preUpgrade");
    }

    @Override
    public void upgrade(MigrationContext ctx) throws Exception {
      hit("upgrade");
      up(ctx);
    }

    @Override
    public void postUpgrade(MigrationContext ctx) {
      hit("postUpgrade");
    }

    @Override
    public void downgrade(MigrationContext ctx) throws Exception {
      hit("downgrade");
      ctx.dropTableIfExists("orders");
    }

    abstract void up(MigrationContext ctx) throws Exception;
  }

  /** Orders as V0001 and V0002 leave it. */
  public static class B0002__Baseline extends Probed {
    public B0002__Baseline(Probe probe) {
      super(probe);
    }

    @Override
    void up(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "orders",
          new Schema(
              Types.NestedField.required(1, "id", Types.LongType.get()),
              optional(2, "quantity", Types.IntegerType.get()),
              optional(3, "amount", Types.DoubleType.get()),
              optional(4, "region", Types.StringType.get())));
    }
  }

  /** Orders as V0001 to V0003 leave it: quantity is long. */
  public static class B0003__Baseline extends Probed {
    public B0003__Baseline(Probe probe) {
      super(probe);
    }

    @Override
    void up(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "orders",
          new Schema(
              Types.NestedField.required(1, "id", Types.LongType.get()),
              optional(2, "quantity", Types.LongType.get()),
              optional(3, "amount", Types.DoubleType.get()),
              optional(4, "region", Types.StringType.get())));
    }
  }

  /** Another build of B0003, as if its file had been edited after it was applied. */
  static final class Edited {
    private Edited() {}

    public static class B0003__Baseline extends Probed {
      public B0003__Baseline(Probe probe) {
        super(probe);
      }

      @Override
      void up(MigrationContext ctx) {
        ctx.createTableIfNotExists(
            "orders",
            new Schema(
                Types.NestedField.required(1, "id", Types.LongType.get()),
                optional(2, "quantity", Types.LongType.get()),
                optional(3, "amount", Types.DoubleType.get()),
                optional(4, "region", Types.StringType.get()),
                optional(5, "edited", Types.StringType.get())));
      }
    }
  }

  /** A B0002 whose upgrade creates orders, then fails. */
  public static class Failing {
    private Failing() {}

    public static class B0002__Baseline extends Probed {
      public B0002__Baseline(Probe probe) {
        super(probe);
      }

      @Override
      void up(MigrationContext ctx) {
        ctx.createTableIfNotExists("orders", SalesMigrations.ORDERS);
        throw new IllegalStateException("the baseline's second step is not written yet");
      }
    }
  }
}
