package dev.icebergops.test.assertj;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.fixtures.Broken;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.test.fixtures.Sales.V0001__CreateOrders;
import dev.icebergops.testing.SharedEnvironment;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Runner assertions against the real REST catalog of the embedded environment. */
@ExtendWith(SharedEnvironment.class)
class MigrationRunnerAssertTest {

  /** A runner, in a fresh namespace, for Sales' 0001 (create orders) and then {@code next}. */
  private static MigrationRunner ordersThen(RESTCatalog catalog, Class<? extends Migration> next) {
    return MigrationRunner.builder(catalog)
        .namespace(SharedEnvironment.freshName("assertj_"))
        .source(MigrationSource.of(V0001__CreateOrders.class, next))
        .build();
  }

  private static MigrationRunner reversible(RESTCatalog catalog) {
    return ordersThen(catalog, Sales.V0002__AddRegion.class);
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
                    + "to be at head (every version applied)%n"
                    + "but 2 versions are not applied:%n"
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
            String.format("but 1 version is not applied:%n  0002 (Add region): pending"));
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
  void aFailedVersionIsNeitherAtHeadNorPending(RESTCatalog catalog) {
    MigrationRunner runner = ordersThen(catalog, Broken.V0002__Explode.class);
    assertThatThrownBy(runner::migrate).hasMessageContaining("boom");

    assertThat(runner).hasCurrentVersion("0001").hasPending();
    assertThatThrownBy(() -> assertThat(runner).isAtHead())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("    0001 (Create orders): applied")
        .hasMessageContaining(
            String.format(
                "but 1 version is not applied:%n  0002 (Explode): failed - upgrade failed"));
  }

  @Test
  void reversibleMigrationsPass(RESTCatalog catalog) {
    assertThat(reversible(catalog)).isReversible();
  }

  @Test
  void aDowngradeThatForgetsAColumnIsNotReversible(RESTCatalog catalog) {
    MigrationRunner runner = ordersThen(catalog, Sales.V0002__AddRegionForgetful.class);
    assertThatThrownBy(() -> assertThat(runner).isReversible())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("0002")
        .hasMessageContaining("Added: region");
  }

  @Test
  void anIrreversibleDowngradeFailsUnlessAllowed(RESTCatalog catalog) {
    Class<? extends Migration> irreversible = Sales.V0005__PromoteQuantity.class;
    assertThatThrownBy(() -> assertThat(ordersThen(catalog, irreversible)).isReversible())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("0005");
    assertThat(ordersThen(catalog, irreversible)).isReversibleExcept("0005");
  }

  @Test
  void idempotentUpgradesPass(RESTCatalog catalog) {
    assertThat(reversible(catalog)).hasIdempotentUpgrades();
  }

  @Test
  void anUpgradeThatFailsTheSecondTimeIsNotIdempotent(RESTCatalog catalog) {
    MigrationRunner runner = ordersThen(catalog, Sales.V0002__AddRegionOnce.class);
    assertThatThrownBy(() -> assertThat(runner).hasIdempotentUpgrades())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("0002");
  }

  @Test
  void dataSurvivesAPromotionEvenPastAnIrreversibleDowngrade(RESTCatalog catalog) {
    assertThat(ordersThen(catalog, Sales.V0005__PromoteQuantity.class)).preservesData();
  }

  @Test
  void aDroppedColumnFailsUnlessDeclared(RESTCatalog catalog) {
    MigrationRunner runner = ordersThen(catalog, Broken.V0002__DropTs.class);
    assertThatThrownBy(() -> assertThat(runner).preservesData())
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(
            String.format(
                "%nExpecting migration 0002 (Drop ts) to keep the data of %s.orders, but its"
                    + " upgrade dropped column ts (id=4, timestamptz)",
                runner.namespace()));
    assertThat(ordersThen(catalog, Broken.V0002__DropTsDeclared.class)).preservesData();
  }
}
