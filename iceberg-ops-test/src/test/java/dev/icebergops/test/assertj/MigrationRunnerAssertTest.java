package dev.icebergops.test.assertj;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import org.apache.iceberg.Schema;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Runner assertions against the real REST catalog of the embedded environment. */
@ExtendWith(RestCatalogResolver.class)
class MigrationRunnerAssertTest {

  /** Creates orders. */
  public static class V0001__CreateOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists(
          "orders",
          new Schema(
              Types.NestedField.required(1, "id", Types.LongType.get()),
              Types.NestedField.optional(2, "ts", Types.TimestampType.withZone())));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  /** Adds region, idempotently, and drops it again on downgrade. */
  public static class V0002__AddRegion extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "region", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "region");
    }
  }

  /** Adds region, but its downgrade forgets to drop it. */
  public static class V0002__AddRegionForgetfully extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "region", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {}
  }

  /** Adds region with addColumn, which fails when run a second time. */
  public static class V0002__AddRegionOnce extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.addColumn("orders", "region", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.deleteColumn("orders", "region");
    }
  }

  /** Adds region for good. */
  public static class V0002__AddRegionForGood extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.enforceColumn("orders", "region", "string");
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      throw new IrreversibleMigrationException("region stays");
    }
  }

  private static MigrationRunner runner(RESTCatalog catalog, MigrationSource source) {
    return MigrationRunner.builder(catalog)
        .namespace(RestCatalogResolver.freshNamespace())
        .source(source)
        .build();
  }

  private static MigrationRunner reversible(RESTCatalog catalog) {
    return runner(catalog, MigrationSource.of(V0001__CreateOrders.class, V0002__AddRegion.class));
  }

  @Test
  void beforeAnyMigration(RESTCatalog catalog) {
    MigrationRunner runner = reversible(catalog);
    assertThat(runner).hasPending("0001", "0002");
    assertThatThrownBy(() -> assertThat(runner).isAtHead())
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            String.format(
                "%nExpecting actual:%n"
                    + "  namespace %s:%n"
                    + "    0001 (Create orders): pending%n"
                    + "    0002 (Add region): pending%n"
                    + "to be at head (no pending version)%n"
                    + "but 2 versions are pending:%n"
                    + "  0001 (Create orders): pending%n"
                    + "  0002 (Add region): pending",
                runner.namespace()));
    assertThatThrownBy(() -> assertThat(runner).hasCurrentVersion("0001"))
        .isInstanceOf(AssertionError.class)
        .hasMessageEndingWith(
            String.format("to have current version:%n  \"0001\"%nbut no version is applied"));
  }

  @Test
  void halfway(RESTCatalog catalog) {
    MigrationRunner runner = reversible(catalog);
    runner.migrate("0001");
    assertThat(runner).hasCurrentVersion("0001").hasPending("0002");
    assertThatThrownBy(() -> assertThat(runner).isAtHead())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("    0001 (Create orders): applied")
        .hasMessageEndingWith(
            String.format("but 1 version is pending:%n  0002 (Add region): pending"));
    assertThatThrownBy(() -> assertThat(runner).hasPending("0001", "0002"))
        .isInstanceOf(AssertionError.class)
        .hasMessageEndingWith(
            String.format(
                "to have exactly these pending versions, in order:%n"
                    + "  [\"0001\", \"0002\"]%n"
                    + "but they are:%n"
                    + "  [\"0002\"]"));
  }

  @Test
  void atHead(RESTCatalog catalog) {
    MigrationRunner runner = reversible(catalog);
    runner.migrate();
    assertThat(runner).isAtHead().hasCurrentVersion("0002").hasPending();
    assertThatThrownBy(() -> assertThat(runner).as("sales").hasCurrentVersion("0001"))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(String.format("[sales] %nExpecting actual:"))
        .hasMessageEndingWith(
            String.format("to have current version:%n  \"0001\"%nbut was:%n  \"0002\""));
  }

  @Test
  void reversibleMigrationsPass(RESTCatalog catalog) {
    assertThat(reversible(catalog)).isReversible();
  }

  @Test
  void aDowngradeThatForgetsAColumnIsNotReversible(RESTCatalog catalog) {
    MigrationRunner runner =
        runner(
            catalog,
            MigrationSource.of(V0001__CreateOrders.class, V0002__AddRegionForgetfully.class));
    assertThatThrownBy(() -> assertThat(runner).isReversible())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("0002")
        .hasMessageContaining("Added: region");
  }

  @Test
  void anIrreversibleDowngradeFailsUnlessAllowed(RESTCatalog catalog) {
    MigrationSource source =
        MigrationSource.of(V0001__CreateOrders.class, V0002__AddRegionForGood.class);
    assertThatThrownBy(() -> assertThat(runner(catalog, source)).isReversible())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("0002");
    assertThat(runner(catalog, source)).isReversibleExcept("0002");
  }

  @Test
  void idempotentUpgradesPass(RESTCatalog catalog) {
    assertThat(reversible(catalog)).hasIdempotentUpgrades();
  }

  @Test
  void anUpgradeThatFailsTheSecondTimeIsNotIdempotent(RESTCatalog catalog) {
    MigrationRunner runner =
        runner(catalog, MigrationSource.of(V0001__CreateOrders.class, V0002__AddRegionOnce.class));
    assertThatThrownBy(() -> assertThat(runner).hasIdempotentUpgrades())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("0002");
  }
}
