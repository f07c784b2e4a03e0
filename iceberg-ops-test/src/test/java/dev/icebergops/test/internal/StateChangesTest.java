package dev.icebergops.test.internal;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.NullOrder;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Shapes compare tables by column path; field ids and commits are reported on the side. */
@ExtendWith(SharedEnvironment.class)
class StateChangesTest {

  private static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "customer", Types.LongType.get()),
          optional(
              3,
              "address",
              Types.StructType.of(
                  optional(4, "city", Types.StringType.get()),
                  optional(5, "zip", Types.StringType.get()))),
          optional(6, "tags", Types.ListType.ofOptional(7, Types.StringType.get())),
          optional(8, "amount", Types.DoubleType.get(), "order total"));

  private Fixture fixture;
  private TableIdentifier orders;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
    orders = TableIdentifier.of(fixture.ns, "orders");
  }

  private Table create() {
    fixture.catalog.createNamespace(Namespace.of(fixture.ns), new HashMap<>());
    return fixture.catalog.createTable(orders, ORDERS);
  }

  private Table orders() {
    return fixture.catalog.loadTable(orders);
  }

  @Test
  void aMissingNamespaceHasNoTables() {
    NamespaceTables shape = fixture.shape();

    assertThat(shape.tables()).isEmpty();
    assertThat(StateChanges.between(fixture.ns, shape, fixture.shape()).isEmpty()).isTrue();
    assertThat(StateChanges.between(fixture.ns, shape, fixture.shape()).describe())
        .isEqualTo("(no differences)");
  }

  @Test
  void handsOverTheTablesItLoadedAtTheMetadataItCaptured() {
    create();
    Map<String, Table> loaded = new HashMap<>();

    NamespaceTables shape = NamespaceTables.capture(fixture.catalog, fixture.ns, loaded::put);

    assertThat(loaded).containsOnlyKeys("orders");
    assertThat(((HasTableOperations) loaded.get("orders")).operations().current())
        .extracting(TableMetadata::metadataFileLocation)
        .isEqualTo(shape.metadataLocation("orders"));
    assertThat(shape.showsCommits()).isTrue();
  }

  @Test
  void capturesPathsIdsAndLeavesIcebergsOwnPropertiesOut() {
    create();

    NamespaceTables shape = fixture.shape();

    assertThat(shape.tables()).containsExactly("orders");
    assertThat(shape.fieldIds("orders"))
        .containsExactly(
            Map.entry("address", 3),
            Map.entry("address.city", 6),
            Map.entry("address.zip", 7),
            Map.entry("amount", 5),
            Map.entry("customer", 2),
            Map.entry("id", 1),
            Map.entry("tags", 4),
            Map.entry("tags.element", 8));
    assertThat(orders().properties()).containsKey("write.parquet.compression-codec");
    assertThat(shape.metadataLocation("orders")).endsWith(".metadata.json");
    assertThat(shape.states().get("orders").properties())
        .containsEntry("write.parquet.compression-codec", "zstd");
    orders().updateProperties().set("owner", "sales").commit();
    assertThat(StateChanges.between(fixture.ns, shape, fixture.shape()).describe())
        .as("Iceberg's own properties are left out, a user's is not")
        .isEqualTo(fixture.ns + ".orders:\n  property owner: (unset) -> 'sales'");
  }

  @Test
  void describesColumnChangesLikeSchemaDiff() {
    create();
    NamespaceTables before = fixture.shape();
    orders()
        .updateSchema()
        .addColumn("region", Types.StringType.get())
        .deleteColumn("customer")
        .updateColumn("amount", Types.DoubleType.get(), "gross total")
        .renameColumn("address", "shipping")
        .addColumn("address", "street", Types.StringType.get())
        .moveFirst("tags")
        .commit();

    StateChanges diff = StateChanges.between(fixture.ns, before, fixture.shape());

    String table = fixture.ns + ".orders";
    assertThat(diff.isEmpty()).isFalse();
    assertThat(diff.changedTables()).containsExactly(table);
    assertThat(diff.committedTables()).containsExactly(table);
    assertThat(diff.changes(table))
        .containsExactly(
            "Added: shipping.street (id=10, string)",
            "Added: region (id=9, string)",
            "Removed: customer (id=2, long)",
            "Changed: shipping (id=3): renamed from address",
            "Changed: amount (id=5): doc 'order total' -> 'gross total'",
            "Changed: column order: id, tags, amount -> tags, id, amount");
    assertThat(diff.describe())
        .isEqualTo(table + ":\n  " + String.join("\n  ", diff.changes(table)));
  }

  @Test
  void describesTypeNullabilityAndNestedChanges() {
    Table created = create();
    created
        .updateSchema()
        .addColumn("address", "street", Types.StringType.get())
        .addColumn("qty", Types.IntegerType.get())
        .commit();
    NamespaceTables before = fixture.shape();
    orders()
        .updateSchema()
        .allowIncompatibleChanges()
        .updateColumn("qty", Types.LongType.get())
        .requireColumn("customer")
        .deleteColumn("address.street")
        .commit();

    StateChanges diff = StateChanges.between(fixture.ns, before, fixture.shape());

    assertThat(diff.changes(fixture.ns + ".orders"))
        .containsExactly(
            "Removed: address.street (id=9, string)",
            "Changed: customer (id=2): optional -> required",
            "Changed: qty (id=10): type int -> long");
  }

  @Test
  void aColumnDroppedAndReAddedAlikeIsEqualButDrifts() {
    create();
    NamespaceTables before = fixture.shape();
    orders().updateSchema().deleteColumn("amount").commit();
    orders().updateSchema().addColumn("amount", Types.DoubleType.get(), "order total").commit();

    StateChanges diff = StateChanges.between(fixture.ns, before, fixture.shape());

    assertThat(diff.isEmpty()).isTrue();
    assertThat(diff.fieldIdDrift()).containsExactly(fixture.ns + ".orders.amount: id 5 -> 9");
    assertThat(diff.committedTables()).containsExactly(fixture.ns + ".orders");
    assertThat(diff.describe())
        .isEqualTo("field-id drift:\n  " + fixture.ns + ".orders.amount: id 5 -> 9");
  }

  @Test
  void describesPartitionSortAndPropertyChanges() {
    create();
    orders().updateProperties().set("owner", "sales").set("tier", "gold").commit();
    NamespaceTables before = fixture.shape();
    orders().updateSpec().addField("customer_bucket", Expressions.bucket("customer", 16)).commit();
    orders().replaceSortOrder().asc("id").desc("amount", NullOrder.NULLS_LAST).commit();
    orders().updateProperties().remove("owner").set("tier", "silver").set("team", "a").commit();

    StateChanges diff = StateChanges.between(fixture.ns, before, fixture.shape());

    assertThat(diff.changes(fixture.ns + ".orders"))
        .containsExactly(
            "partition spec: added customer_bucket (bucket[16] on customer)",
            "sort order: (unsorted) -> id asc nulls first, amount desc nulls last",
            "property owner: 'sales' -> (unset)",
            "property team: (unset) -> 'a'",
            "property tier: 'gold' -> 'silver'");
  }

  @Test
  void reportsTablesAddedAndRemoved() {
    create();
    NamespaceTables before = fixture.shape();
    fixture.catalog.dropTable(orders, true);
    fixture
        .catalog
        .buildTable(TableIdentifier.of(fixture.ns, "audit"), ORDERS)
        .withPartitionSpec(PartitionSpec.unpartitioned())
        .create();

    StateChanges diff = StateChanges.between(fixture.ns, before, fixture.shape());

    assertThat(diff.addedTables()).containsExactly(fixture.ns + ".audit");
    assertThat(diff.removedTables()).containsExactly(fixture.ns + ".orders");
    assertThat(diff.committedTables())
        .containsExactly(fixture.ns + ".audit", fixture.ns + ".orders");
    assertThat(diff.describe())
        .isEqualTo(
            fixture.ns
                + ".audit:\n  Table added (columns: id, customer, address, tags, amount)\n"
                + fixture.ns
                + ".orders:\n  Table removed (columns: id, customer, address, tags, amount)");
  }

  @Test
  void aCommitThatChangesNoShapeIsStillSeen() {
    create();
    NamespaceTables before = fixture.shape();
    orders().newAppend().commit();

    StateChanges diff = StateChanges.between(fixture.ns, before, fixture.shape());

    assertThat(diff.isEmpty()).isTrue();
    assertThat(diff.fieldIdDrift()).isEmpty();
    assertThat(diff.committedTables()).containsExactly(fixture.ns + ".orders");
  }
}
