package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Sales;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** What a test gets from @IcebergMigrations: a migrated namespace of its own and injections. */
@IcebergMigrations(
    classes = {
      Sales.V0001__CreateOrders.class,
      Sales.V0002__AddRegion.class,
      Sales.V0003__PartitionByDay.class,
      Sales.V0004__RenameAmount.class
    })
class IcebergMigrationsExtensionTest {

  private static final Set<String> NAMESPACES = ConcurrentHashMap.newKeySet();
  private static final Set<TableIdentifier> HISTORY_TABLES = ConcurrentHashMap.newKeySet();
  private static Catalog lastCatalog;

  @AfterAll
  static void namespacesAreDroppedAfterEachTestAndTheirRowsStayUntilTheClassEnds() {
    assertThat(HISTORY_TABLES).as("history tables of the class").hasSize(1);
    MigrationHistory history =
        new MigrationHistory(lastCatalog, HISTORY_TABLES.iterator().next().namespace().toString());
    for (String namespace : NAMESPACES) {
      assertThat(((SupportsNamespaces) lastCatalog).namespaceExists(Namespace.of(namespace)))
          .as("namespace %s after its test", namespace)
          .isFalse();
      // the class's history table goes with every row when the class ends (SharedHistoryTest)
      assertThat(history.read(namespace))
          .as("history rows of %s after its test, before the class ends", namespace)
          .allSatisfy(row -> assertThat(row.namespace()).isEqualTo(namespace));
    }
    assertThat(NAMESPACES)
        .as("namespaces whose rows are still there before the class ends")
        .anyMatch(namespace -> !history.read(namespace).isEmpty());
  }

  private static void remember(MigrationRunner runner, Catalog catalog) {
    assertThat(NAMESPACES.add(runner.namespace())).as("a fresh namespace per test").isTrue();
    HISTORY_TABLES.add(runner.historyTable().tableIdentifier());
    lastCatalog = catalog;
  }

  @Test
  void eachTestStartsAtHeadInAFreshNamespace(MigrationRunner runner, Catalog catalog) {
    remember(runner, catalog);

    assertThat(runner.current()).contains("0004");
    assertThat(runner.plan()).isEmpty();
    assertThat(runner.namespace())
        .matches("icebergmigrationsextensiontest_eachteststartsath_[0-9a-f]{8}");
  }

  @Test
  @MigrateTo("0002")
  void migrateToStopsAtTheGivenVersion(
      MigrationRunner runner, @IcebergTable("orders") Table orders, Catalog catalog) {
    remember(runner, catalog);

    assertThat(runner.current()).contains("0002");
    assertThat(orders.schema().findField("region")).isNotNull();
    assertThat(orders.spec().isUnpartitioned()).isTrue();
  }

  @Test
  @MigrateTo("0000")
  void migrateToBaseAppliesNothing(MigrationRunner runner, Catalog catalog) {
    remember(runner, catalog);

    assertThat(runner.current()).isEmpty();
    assertThat(((SupportsNamespaces) catalog).namespaceExists(Namespace.of(runner.namespace())))
        .isFalse();
  }

  @Test
  void injectsTheEnvironmentCatalogContextAndTables(
      IcebergTestEnvironment environment,
      Catalog catalog,
      MigrationContext ctx,
      MigrationRunner runner,
      @IcebergTable("orders") Table orders) {
    remember(runner, catalog);

    assertThat(catalog).isSameAs(environment.catalog()).isInstanceOf(RESTCatalog.class);
    assertThat(ctx.namespace()).isEqualTo(runner.namespace());
    assertThat(ctx.qualified("orders")).isEqualTo(runner.namespace() + ".orders");
    assertThat(orders.schema().findField("total")).isNotNull();
    assertThat(environment.catalogProperties()).containsKeys("uri", "io-impl", "s3.endpoint");
  }

  @Test
  @MigrateTo("0001")
  void seededRowsSurviveLaterMigrations(
      MigrationRunner runner, IcebergTestData data, Catalog catalog) {
    remember(runner, catalog);
    Map<String, Object> row = new HashMap<>();
    row.put("id", 1L);
    row.put("amount", 9.5);
    row.put("quantity", 3);
    row.put("ts", Instant.parse("2026-11-29T10:00:00Z"));
    data.append("orders", row);

    runner.migrate();
    data.append(
        "orders", Map.of("id", 2L, "total", 1.0, "region", "eu", "ts", "2026-11-30T08:00:00Z"));

    assertThat(data.rows("orders"))
        .extracting("id", "total", "region", "quantity")
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(1L, 9.5, null, 3),
            org.assertj.core.groups.Tuple.tuple(2L, 1.0, "eu", null));
  }

  @Test
  void testDataNamesTheCulpritOfABadRow(
      IcebergTestData data, MigrationRunner runner, Catalog catalog) {
    remember(runner, catalog);

    assertThatThrownBy(() -> data.append("orders", Map.of("id", 1L, "colour", "red")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot append to ")
        .hasMessageContaining("no column colour");
    assertThatThrownBy(() -> data.append("orders", Map.of("id", "one")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("value one (String) does not fit column id of type long");
  }

  @Test
  void changesMadeInATestLeaveWithTheMigrations(
      MigrationContext ctx, MigrationRunner runner, Catalog catalog) {
    remember(runner, catalog);

    ctx.enforceColumn("orders", "note", Types.StringType.get());

    assertThat(ctx.loadTable("orders").schema().findField("note")).isNotNull();
  }
}
