package com.acme.sales;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.schema.SchemaContract;
import dev.icebergops.schema.SchemaDiff;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

/**
 * The whole test class a team needs: the standard checks come from {@link MigrationSuite} (every
 * version reversible, idempotent, leaving no trace, keeping its data; head conforming to the
 * contracts in {@code src/test/resources/contracts/sales}; the baseline {@code B0008} building what
 * 0001-0008 build), the rest are the team's own tests of what its migrations mean. A test at 0008
 * or above starts from the baseline, one below it walks the chain.
 */
@IcebergMigrations(
    locations = "classpath:com/acme/sales/db/iceberg",
    irreversible = {"0004", "0005"}, // the int -> long promotion, the legacy archival
    contracts = "classpath:contracts/sales")
class SalesMigrationsTest implements MigrationSuite {

  // --- seeded data that must survive every later migration ---------------------------------------

  @Test
  @MigrateTo("0001")
  void anOrderOfTheFirstVersionSurvivesEveryLaterMigration(
      MigrationRunner runner, IcebergTestData data) {
    data.append("orders", SampleOrders.atTheFirstVersion());

    runner.migrate();

    // renamed (amount -> total), promoted (quantity int -> long), added later (region, shipping):
    // read by field id, the old row keeps its values and reads null where it had none
    assertThat(data.rows("orders"))
        .extracting("order_id", "customer_id", "total", "quantity", "region", "shipping")
        .containsExactly(tuple(SampleOrders.ORDER_ID, 42L, SampleOrders.AMOUNT, 3L, null, null));
    assertThat(data.rows("orders").get(0)).doesNotContainKey("customer_email");
  }

  @Test
  @MigrateTo("0004")
  void durationsSurviveTheRetype(MigrationRunner runner, IcebergTestData data) {
    data.append("events", Map.of("id", 1L, "duration", 42, "ts", "2026-11-29T10:00:00Z"));

    runner.migrate();

    assertThat(data.rows("events"))
        .extracting("id", "duration__legacy_1", "duration")
        .containsExactly(tuple(1L, 42, null));
  }

  @Test
  @MigrateTo("0010")
  void theDroppedEmailComesBackWithItsValuesOnDowngrade(
      MigrationRunner runner, IcebergTestData data) {
    data.append("orders", SampleOrders.beforeTheEmailIsDropped());
    runner.migrate();
    assertThat(data.rows("orders").get(0)).doesNotContainKey("customer_email");

    runner.rollback(1); // restoreSchema: the old schema, and with it the old field id

    assertThat(data.rows("orders"))
        .extracting("order_id", "customer_email")
        .containsExactly(tuple(SampleOrders.ORDER_ID, SampleOrders.EMAIL));
  }

  // --- the quality gate
  // ---------------------------------------------------------------------------

  @Test
  @MigrateTo("0003")
  void theQualityGateRefusesToWidenQuantityWhileRefundsAreBookedAsOrders(
      MigrationRunner runner, IcebergTestData data, @IcebergTable("orders") Table orders) {
    data.append(
        "orders",
        Map.of("order_id", 7L, "customer_id", 42L, "quantity", 3),
        Map.of("order_id", 8L, "customer_id", 42L, "quantity", -3));

    assertThatThrownBy(runner::migrate)
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("0004")
        .hasRootCauseMessage(
            "Cannot widen %s.quantity: 1 order(s) have a negative quantity (refunds booked as"
                + " orders), for example [8]; move them to the refunds feed first",
            runner.namespace() + ".orders");
    assertThat(runner).hasCurrentVersion("0003");
    orders.refresh();
    assertThat(orders).hasColumn("quantity").ofType("int");
  }

  // --- what the migrations change, as schema diffs
  // ------------------------------------------------

  @Test
  @MigrateTo("0003")
  void fromTheRegionToHeadOrdersAreRenamedPromotedExtendedAndLoseTheEmail(
      MigrationRunner runner, @IcebergTable("orders") Table orders) {
    assertThat(schemaChange(orders, runner::migrate))
        .hasRenamed("amount", "total")
        .hasDocChange("total")
        .hasTypeChange("quantity", "int", "long")
        .hasAdded("shipping")
        .hasRemoved("customer_email");
  }

  @Test
  @MigrateTo("0004")
  void theRetypeArchivesTheOldDurationBesideANewColumn(
      MigrationRunner runner, @IcebergTable("events") Table events) {
    assertThat(schemaChange(events, () -> runner.migrate("0005")))
        .hasRenamed("duration", "duration__legacy_1")
        .hasAdded("duration");
  }

  @Test
  @MigrateTo("0007")
  void theShippingAddressIsAddedAsAStruct(
      MigrationRunner runner, @IcebergTable("orders") Table orders) {
    assertThat(schemaChange(orders, () -> runner.migrate("0008")))
        .hasOnlyAdditions()
        .hasAdded("shipping");
  }

  @Test
  @MigrateTo("0009")
  void theCountryIsAddedInsideTheShippingAddress(
      MigrationRunner runner, @IcebergTable("orders") Table orders) {
    assertThat(schemaChange(orders, () -> runner.migrate("0010")))
        .hasOnlyAdditions()
        .hasAdded("shipping.country");
  }

  // --- the baseline
  // ------------------------------------------------------------------------------

  @Test
  void aFreshNamespaceIsBuiltByTheBaselineThenTheVersionsAboveIt(MigrationRunner runner) {
    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::operation)
        .containsExactly(
            tuple("0008", "baseline"),
            tuple("0009", "upgrade"),
            tuple("0010", "upgrade"),
            tuple("0011", "upgrade"));
  }

  @Test
  @MigrateTo("0007")
  void belowTheBaselineTheChainIsWalked(MigrationRunner runner) {
    runner.migrate("0008");

    assertThat(runner.history())
        .extracting(HistoryRecord::version)
        .containsExactly("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008");
    assertThat(runner.history()).noneMatch(row -> row.operation().equals("baseline"));
  }

  // --- head: layout and contracts
  // -----------------------------------------------------------------

  @Test
  void ordersAtHeadAreClusteredByCustomerAndPartitionedByDayAndRegion(
      @IcebergTable("orders") Table orders) {
    assertThat(orders)
        .hasPartitionField("created_at", "day")
        .hasPartitionField("region", "identity")
        .hasSortOrder("customer_id asc nulls first", "created_at asc nulls first")
        .hasProperty("write.distribution-mode", "range")
        .hasProperty("history.expire.min-snapshots-to-keep", "5")
        .hasProperty("write.parquet.compression-codec", "zstd")
        .doesNotHaveColumn("customer_email")
        .hasColumn("total")
        .ofType("decimal(10,2)")
        .hasDoc("Gross total in EUR")
        .and()
        .hasColumn("shipping.country")
        .ofType("string")
        .hasDoc("ISO 3166-1 alpha-2 country code");
  }

  @Test
  void ordersAtHeadConformToTheirContract(@IcebergTable("orders") Table orders) {
    assertThat(orders).conformsTo(SchemaContract.fromClasspath("contracts/sales/orders.yaml"));
  }

  @Test
  void eventsAtHeadConformToTheirStrictContractWithTheArchivedDuration(
      @IcebergTable("events") Table events) {
    SchemaContract contract = SchemaContract.fromClasspath("contracts/sales/events.yaml");

    assertThat(contract.strict()).isTrue();
    assertThat(events).conformsTo(contract).hasLegacyColumn("duration", 1);
  }

  /** How a table's schema changes while {@code migration} runs. */
  private static SchemaDiff schemaChange(Table table, Runnable migration) {
    Schema before = table.schema();
    migration.run();
    table.refresh();
    return SchemaDiff.between(before, table.schema());
  }
}
