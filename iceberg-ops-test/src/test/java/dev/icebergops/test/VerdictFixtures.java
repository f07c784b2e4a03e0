package dev.icebergops.test;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.test.fixtures.Sales.V0001__CreateOrders;
import dev.icebergops.test.fixtures.Sales.V0002__AddRegion;
import dev.icebergops.test.fixtures.Sales.V0003__PartitionByDay;

/**
 * {@link MigrationSuite} classes run only through JUnit's EngineTestKit by {@link
 * SuiteVerdictsTest} (their names do not end in "Test"): one chain whose every check passes, with
 * contracts in {@link #CONTRACTS}, and the same class with one input changed each.
 */
final class VerdictFixtures {

  /** The contracts of every class here, a directory the test writes. */
  static final String CONTRACTS = "target/suite-verdicts-contracts";

  private VerdictFixtures() {}

  @IcebergMigrations(
      classes = {V0001__CreateOrders.class, V0002__AddRegion.class, V0003__PartitionByDay.class},
      contracts = "filesystem:" + CONTRACTS)
  public static class Orders implements MigrationSuite {}

  /** {@link Orders} with 0002 edited: same version and description, other code. */
  @IcebergMigrations(
      classes = {
        V0001__CreateOrders.class,
        V0002__AddRegionEdited.class,
        V0003__PartitionByDay.class
      },
      contracts = "filesystem:" + CONTRACTS)
  public static class OrdersEdited implements MigrationSuite {}

  /** {@link Orders} with 0002 and 0003 swapped: each renumbered. */
  @IcebergMigrations(
      classes = {
        V0001__CreateOrders.class,
        VerdictFixtures.V0002__PartitionByDay.class,
        VerdictFixtures.V0003__AddRegion.class
      },
      contracts = "filesystem:" + CONTRACTS)
  public static class OrdersReordered implements MigrationSuite {}

  /** {@link Orders} with one setting changed: field-id drift fails instead of warning. */
  @IcebergMigrations(
      classes = {V0001__CreateOrders.class, V0002__AddRegion.class, V0003__PartitionByDay.class},
      contracts = "filesystem:" + CONTRACTS,
      strictFieldIds = true)
  public static class OrdersStrict implements MigrationSuite {}

  /** 0002 of {@link Orders}, edited: it looks for the column before it adds it. */
  public static class V0002__AddRegionEdited extends BaseMigration {
    @Override
    public String version() {
      return "0002";
    }

    @Override
    public String description() {
      return "Add region";
    }

    @Override
    public void upgrade(MigrationContext ctx) {
      if (ctx.loadTable("orders").schema().findField("region") == null) {
        ctx.enforceColumn("orders", "region", "string");
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "region");
    }
  }

  /** {@link V0003__PartitionByDay}, renumbered 0002. */
  public static class V0002__PartitionByDay extends V0003__PartitionByDay {}

  /** {@link V0002__AddRegion}, renumbered 0003. */
  public static class V0003__AddRegion extends V0002__AddRegion {}
}
