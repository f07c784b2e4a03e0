package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.internal.HistoryFiles;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.runner.DriftFinding.Kind;
import dev.icebergops.runner.PreviewFixtures.V0001__CreateOrders;
import dev.icebergops.runner.PreviewFixtures.V0002__CreateCustomers;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The uuids of the namespace's tables recorded with each applied version, on the real REST catalog
 * + S3: a table a version made is recorded with its uuid, any other keeps the one recorded before,
 * and a history table of the layout before them is upgraded in place, its rows read without uuids.
 */
@ExtendWith(SharedEnvironment.class)
class TableUuidsTest {

  private OwnHistory own;
  private MigrationHistory history;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "uuids");
    history = new MigrationHistory(own.catalog(), own.meta());
  }

  private String uuid(String table) {
    return own.catalog().loadTable(TableIdentifier.of(own.namespace(), table)).uuid().toString();
  }

  private Map<String, Map<String, String>> recorded() {
    Map<String, Map<String, String>> byVersion = new HashMap<>();
    history.read(own.namespace()).forEach(row -> byVersion.put(row.version(), row.tableUuids()));
    return byVersion;
  }

  @Test
  void eachAppliedVersionRecordsTheUuidsOfTheNamespacesTables() {
    own.runner(V0001__CreateOrders.class, V0002__CreateCustomers.class).migrate();

    assertThat(recorded())
        .containsOnly(
            Map.entry("0001", Map.of("orders", uuid("orders"))),
            Map.entry("0002", Map.of("orders", uuid("orders"), "customers", uuid("customers"))));
  }

  @Test
  void aVersionThatRecreatesATableRecordsItsNewUuidAndDriftStaysClean() {
    own.runner(V0001__CreateOrders.class).migrate();
    String first = uuid("orders");
    MigrationRunner runner = own.runner(V0001__CreateOrders.class, V0002__RecreateOrders.class);

    runner.migrate();

    assertThat(uuid("orders")).isNotEqualTo(first);
    assertThat(recorded())
        .containsOnly(
            Map.entry("0001", Map.of("orders", first)),
            Map.entry("0002", Map.of("orders", uuid("orders"))));
    assertThat(runner.checkDrift().findings()).isEmpty();
  }

  /**
   * A version that publishes its changes for another client (as binding Spark does) and has that
   * client replace a table: the run's catalog never sees the replacement, and the table is loaded
   * again for its uuid.
   */
  @Test
  void aTableReplacedByAnotherClientAfterTheVersionPublishedIsRecordedWithItsNewUuid() {
    own.runner(V0001__CreateOrders.class).migrate();
    String first = uuid("orders");
    outside = own.catalog();

    own.runner(V0001__CreateOrders.class, V0002__RecreateOrdersOutside.class).migrate();

    assertThat(uuid("orders")).isNotEqualTo(first);
    assertThat(recorded()).containsEntry("0002", Map.of("orders", uuid("orders")));
  }

  @Test
  void aRollbackRecordsTheTablesAsTheDowngradeLeftThem() {
    MigrationRunner runner = own.runner(V0001__CreateOrders.class, V0002__RecreateOrders.class);
    runner.migrate();
    String applied = uuid("orders");

    runner.rollback(1);

    assertThat(uuid("orders")).isNotEqualTo(applied);
    assertThat(history.read(own.namespace()))
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::tableUuids)
        .contains(tuple("0002", Status.ROLLED_BACK, Map.of("orders", uuid("orders"))));
    assertThat(runner.checkDrift().findings()).isEmpty();
  }

  @Test
  void aLayout4HistoryIsUpgradedInPlaceItsRowsReadWithoutUuidsAndDriftFallsBackToCreationTime() {
    own.runner(V0001__CreateOrders.class).migrate();
    List<HistoryRecord> rows = history.read(own.namespace());
    rewriteAsLayout4(rows);
    MigrationRunner runner = own.runner(V0001__CreateOrders.class, V0002__CreateCustomers.class);

    assertThat(history.read(own.namespace()))
        .extracting(HistoryRecord::version, HistoryRecord::tableUuids)
        .containsExactly(tuple("0001", Map.of()));
    assertThat(runner.checkDrift().findings()).isEmpty();
    TableIdentifier orders = TableIdentifier.of(own.namespace(), "orders");
    String recreated = DriftCheckTest.recreateByHand(own.catalog(), orders);
    // no row lists a uuid: a table created after the history's last commit counts as replaced
    assertThat(runner.checkDrift().findings())
        .extracting(DriftFinding::table, DriftFinding::kind, DriftFinding::actual)
        .containsExactly(tuple(orders.toString(), Kind.TABLE_REPLACED, recreated));

    runner.migrate();

    Table upgraded = own.catalog().loadTable(history.tableIdentifier());
    assertThat(upgraded.properties())
        .containsEntry(HistoryFiles.LAYOUT_VERSION_PROPERTY, "" + HistoryFiles.LAYOUT_VERSION);
    assertThat(upgraded.schema().findField(HistoryFiles.TABLE_UUIDS)).isNotNull();
    // the table seen first by 0002, which did not create it, is recorded as seen
    assertThat(recorded())
        .containsOnly(
            Map.entry("0001", Map.of()),
            Map.entry("0002", Map.of("orders", recreated, "customers", uuid("customers"))));
  }

  /** Replaces the history table by one as layout 4 left it, holding {@code rows}. */
  private void rewriteAsLayout4(List<HistoryRecord> rows) {
    own.catalog().dropTable(history.tableIdentifier(), true);
    Schema layout4 =
        new Schema(
            HistoryFiles.SCHEMA.columns().stream()
                .filter(column -> !column.name().equals(HistoryFiles.TABLE_UUIDS))
                .toList());
    Map<String, String> properties = new HashMap<>(HistoryFiles.PROPERTIES);
    properties.put(HistoryFiles.LAYOUT_VERSION_PROPERTY, "4");
    Table table =
        own.catalog()
            .createTable(history.tableIdentifier(), layout4, HistoryFiles.SPEC, properties);
    List<Record> records =
        rows.stream().map(row -> HistoryFiles.toRecord(table.schema(), row, null)).toList();
    table.newAppend().appendFile(HistoryFiles.write(table, own.namespace(), records)).commit();
    assertThat(table.schema().findField(HistoryFiles.TABLE_UUIDS)).isNull();
  }

  /** Another client of the catalog than the run's, as Spark's is. */
  private static Catalog outside;

  /** Publishes its changes, then has another client drop and create the orders table again. */
  public static class V0002__RecreateOrdersOutside extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.publishChanges();
      outside.dropTable(ctx.identifier("orders"), true);
      outside.createTable(ctx.identifier("orders"), PreviewFixtures.ORDERS);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      upgrade(ctx);
    }
  }

  /** Drops the orders table with its files and creates it again, both ways. */
  public static class V0002__RecreateOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.catalog().dropTable(ctx.identifier("orders"), true);
      ctx.catalog().createTable(ctx.identifier("orders"), PreviewFixtures.ORDERS);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      upgrade(ctx);
    }
  }
}
