package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.DriftFinding.Kind;
import dev.icebergops.runner.PreviewFixtures.V0001__CreateOrders;
import dev.icebergops.runner.PreviewFixtures.V0003__AddRegion;
import dev.icebergops.runner.PreviewFixtures.V0006__PartitionByRegion;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The drift check on the real REST catalog + S3 compares each live table with what the applied
 * versions make: changes made by hand are each reported with table and column, a namespace nobody
 * touched reports none, and a namespace without history (mistyped, never migrated) is an error.
 */
@ExtendWith(SharedEnvironment.class)
class DriftCheckTest {

  private OwnHistory own;
  private MigrationRunner runner;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    own = OwnHistory.create(environment, "drift");
    runner =
        own.runner(
            V0001__CreateOrders.class, V0003__AddRegion.class, V0006__PartitionByRegion.class);
    runner.migrate();
  }

  @Test
  void aNamespaceAsItsMigrationsMadeItHasNoDrift() {
    DriftReport report = runner.checkDrift();

    assertThat(report.findings()).isEmpty();
    assertThat(report.isClean()).isTrue();
    assertThat(report.version()).isEqualTo("0006");
    assertThat(report.text())
        .isEqualTo(
            "No drift: the tables of "
                + own.namespace()
                + " are what its migrations make at version 0006");
  }

  @Test
  void aColumnAddedByHandAChangedPropertyAndAMissingPartitionFieldAreEachReported() {
    Table orders = own.catalog().loadTable(TableIdentifier.of(own.namespace(), "orders"));
    orders.updateSchema().addColumn("added_by_hand", Types.StringType.get()).commit();
    orders.updateProperties().set("commit.retry.num-retries", "3").commit();
    orders.updateSpec().removeField("region").commit();

    DriftReport report = runner.checkDrift();

    String table = own.namespace() + ".orders";
    assertThat(report.isClean()).isFalse();
    assertThat(report.findings())
        .extracting(
            DriftFinding::table,
            DriftFinding::kind,
            DriftFinding::subject,
            DriftFinding::expected,
            DriftFinding::actual)
        .containsExactly(
            tuple(table, Kind.COLUMN_ADDED, "added_by_hand", null, "string"),
            tuple(
                table,
                Kind.PARTITION_FIELD_MISSING,
                "identity(region) as region",
                "identity(region) as region",
                null),
            tuple(table, Kind.PROPERTY, "commit.retry.num-retries", "8", "3"));
    assertThat(report.text())
        .contains(table + ": column added_by_hand (string) is not made by the migrations")
        .contains(table + ": property commit.retry.num-retries is 3, expected 8");
  }

  @Test
  void aTableCreatedByHandInTheNamespaceIsReported() {
    own.catalog()
        .createTable(TableIdentifier.of(own.namespace(), "scratch"), PreviewFixtures.ORDERS);

    assertThat(runner.checkDrift().findings())
        .extracting(DriftFinding::table, DriftFinding::kind)
        .containsExactly(tuple(own.namespace() + ".scratch", Kind.TABLE_UNEXPECTED));
  }

  @Test
  void aTableDroppedWithPurgeAndRecreatedWithTheSameShapeIsReportedAsReplaced() {
    TableIdentifier id = TableIdentifier.of(own.namespace(), "orders");
    String recreated = recreateByHand(own.catalog(), id);

    DriftReport report = runner.checkDrift();

    assertThat(report.findings())
        .extracting(
            DriftFinding::table, DriftFinding::kind, DriftFinding::expected, DriftFinding::actual)
        .containsExactly(tuple(id.toString(), Kind.TABLE_REPLACED, null, recreated));
    assertThat(report.text())
        .contains(
            id
                + ": the table was dropped and created again after its migrations ran (now uuid "
                + recreated
                + ")");
  }

  @Test
  void aTableReplacedByHandIsStillReportedAfterALaterMigrateOfAnotherTable() {
    TableIdentifier id = TableIdentifier.of(own.namespace(), "orders");
    String recreated = recreateByHand(own.catalog(), id);
    MigrationRunner later =
        own.runner(
            V0001__CreateOrders.class,
            V0003__AddRegion.class,
            V0006__PartitionByRegion.class,
            V0007__CreateCustomers.class);
    later.migrate();

    assertThat(later.checkDrift().findings())
        .extracting(
            DriftFinding::table, DriftFinding::kind, DriftFinding::expected, DriftFinding::actual)
        .containsExactly(tuple(id.toString(), Kind.TABLE_REPLACED, null, recreated));
  }

  /** Drops a table with purge and creates it again with the same shape; returns its new uuid. */
  static String recreateByHand(Catalog catalog, TableIdentifier id) {
    Table table = catalog.loadTable(id);
    catalog.dropTable(id, true);
    catalog
        .buildTable(id, table.schema())
        .withPartitionSpec(table.spec())
        .withSortOrder(table.sortOrder())
        .withProperties(table.properties())
        .create();
    return catalog.loadTable(id).uuid().toString();
  }

  /** A version after the chain that touches another table than orders. */
  public static class V0007__CreateCustomers extends PreviewFixtures.V0002__CreateCustomers {}

  @Test
  void identifierFieldsColumnOrderFormatVersionAndLocationChangedByHandAreEachReported() {
    TableIdentifier id = TableIdentifier.of(own.namespace(), "orders");
    Table orders = own.catalog().loadTable(id);
    String location = orders.location();
    orders.updateSchema().setIdentifierFields("id").moveFirst("qty").commit();
    orders.updateProperties().set("format-version", "3").commit();
    orders.updateLocation().setLocation(location + "_moved").commit();

    DriftReport report = runner.checkDrift();

    String table = id.toString();
    assertThat(report.findings())
        .extracting(DriftFinding::kind, DriftFinding::expected, DriftFinding::actual)
        .containsExactly(
            tuple(Kind.IDENTIFIER_FIELDS, "[]", "[id]"),
            tuple(Kind.COLUMN_ORDER, "id, qty, note, region", "qty, id, note, region"),
            tuple(Kind.FORMAT_VERSION, "2", "3"),
            tuple(Kind.LOCATION, location, location + "_moved"));
    assertThat(report.text())
        .contains(table + ": identifier fields are [id], expected []")
        .contains(table + ": column order is qty, id, note, region, expected id, qty, note, region")
        .contains(table + ": format version is 3, expected 2")
        .contains(table + ": location is " + location + "_moved, expected " + location);
  }

  /** The drift check of another namespace, with this test's history table. */
  private MigrationRunner runnerOf(String namespace) {
    return new OwnHistory(own.catalog(), namespace, own.meta()).runner(V0001__CreateOrders.class);
  }

  @Test
  void aNamespaceThatDoesNotExistIsAnErrorNeverNoDrift() {
    String typo = own.namespace() + "_typo";

    assertThatThrownBy(() -> runnerOf(typo).checkDrift())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot check drift of "
                + typo
                + ": no such namespace: check its name, or migrate it"
                + " first");
    assertThat(((SupportsNamespaces) own.catalog()).namespaceExists(Namespace.of(typo)))
        .as("the check created nothing")
        .isFalse();
  }

  @Test
  void aNamespaceWithTablesButNoHistoryIsAnErrorNamingThem() {
    String unmigrated = own.namespace() + "_unmigrated";
    ((SupportsNamespaces) own.catalog()).createNamespace(Namespace.of(unmigrated));
    own.catalog().createTable(TableIdentifier.of(unmigrated, "orders"), PreviewFixtures.ORDERS);

    assertThatThrownBy(() -> runnerOf(unmigrated).checkDrift())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "Cannot check drift of "
                + unmigrated
                + ": it has tables (orders) but no history in "
                + own.historyTable()
                + "; if they were made by these migrations, stamp the version they are at");
  }

  @Test
  void anEmptyNamespaceThatWasNeverMigratedIsAnError() {
    String empty = own.namespace() + "_empty";
    ((SupportsNamespaces) own.catalog()).createNamespace(Namespace.of(empty));

    assertThatThrownBy(() -> runnerOf(empty).checkDrift())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot check drift of "
                + empty
                + ": it has no table and no history in "
                + own.historyTable()
                + ": check its name, or migrate it first");
  }
}
