package dev.icebergops.migration;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.internal.CatalogMigrationContext;
import dev.icebergops.migration.internal.StepListener;
import dev.icebergops.schema.EnforceOptions;
import dev.icebergops.testsupport.StandardError;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every MigrationContext helper, row by row, on the subclass's catalog. Each test works in a fresh
 * namespace of its own.
 */
abstract class MigrationContextBehaviour {

  static final Schema EVENTS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "ts", Types.TimestampType.withZone()),
          optional(3, "region", Types.StringType.get()),
          optional(4, "quantity", Types.IntegerType.get(), "units"),
          optional(
              5, "address", Types.StructType.of(optional(6, "street", Types.StringType.get()))));

  /** The catalog under test. */
  abstract Catalog catalog();

  /** A catalog of the same kind that is configured (or named) like AWS S3 Tables. */
  abstract Catalog s3TablesCatalog();

  String ns;
  MigrationContext ctx;

  @BeforeEach
  void freshNamespace() {
    ns = "mc_" + UUID.randomUUID().toString().replace("-", "");
    ctx = MigrationContexts.of(catalog(), ns);
  }

  Table createEvents() {
    return ctx.createTableIfNotExists("events", EVENTS);
  }

  Table events() {
    return ctx.loadTable("events");
  }

  static TableMetadata metadata(Table table) {
    return ((HasTableOperations) table).operations().refresh();
  }

  static String metadataLocation(Table table) {
    return metadata(table).metadataFileLocation();
  }

  /** How many metadata versions the table has had: the log of previous files plus the current. */
  static int metadataVersions(Table table) {
    return metadata(table).previousFiles().size() + 1;
  }

  /** The partition fields as "name=transform(column)". */
  static List<String> partitionFields(Table table) {
    return table.spec().fields().stream()
        .map(
            f ->
                f.name()
                    + "="
                    + f.transform()
                    + "("
                    + table.schema().findColumnName(f.sourceId())
                    + ")")
        .collect(Collectors.toList());
  }

  /** The sort fields as "column direction nulls". */
  static List<String> sortFields(Table table) {
    return table.sortOrder().fields().stream()
        .map(
            f ->
                table.schema().findColumnName(f.sourceId())
                    + " "
                    + f.direction()
                    + " "
                    + f.nullOrder().name())
        .collect(Collectors.toList());
  }

  /**
   * The catalog under test, but claiming that no table and no namespace exists: the view of a run
   * that lost the race against a concurrent creator.
   */
  Catalog losingRaceCatalog() {
    Catalog real = catalog();
    // the first existence check of each kind sees the state before the other run's create
    java.util.Set<String> asked = java.util.concurrent.ConcurrentHashMap.newKeySet();
    return (Catalog)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {Catalog.class, SupportsNamespaces.class},
            (proxy, method, args) -> {
              if ((method.getName().equals("tableExists")
                      || method.getName().equals("namespaceExists"))
                  && asked.add(method.getName())) {
                return false;
              }
              try {
                return method.invoke(real, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  // --- steps -----------------------------------------------------------------------------------

  @Test
  void listenerHearsEachHelperAsOneStepAndNoEndOfAFailedOne() {
    List<String> heard = new ArrayList<>();
    MigrationContext listened =
        new CatalogMigrationContext(
            catalog(),
            ns,
            new StepListener() {
              @Override
              public void beforeStep(String step) {
                heard.add("before " + step);
              }

              @Override
              public void afterStep(String step) {
                heard.add("after " + step);
              }
            },
            null);

    listened.createTableIfNotExists("events", EVENTS);
    assertThatThrownBy(() -> listened.deleteColumn("events", "nope"))
        .isInstanceOf(IllegalArgumentException.class);
    listened.addColumn("events", "channel", Types.StringType.get());
    listened.setClusteringKeys("events", List.of("id"));

    String events = ns + ".events";
    assertThat(heard)
        .containsExactly(
            "before create table " + events,
            "after create table " + events,
            "before delete column " + events + ".nope",
            "before add column " + events + ".channel",
            "after add column " + events + ".channel",
            "before replace sort order of " + events,
            "after replace sort order of " + events);
    assertThat(listened)
        .hasToString("MigrationContext{catalog=" + catalog().name() + ", namespace=" + ns + "}");
  }

  // --- qualified / identifier -------------------------------------------------------------------

  @Test
  void qualifiedPrefixesBareNamesWithTheNamespace() {
    assertThat(ctx.qualified("orders")).isEqualTo(ns + ".orders");
    assertThat(ctx.identifier("orders")).isEqualTo(TableIdentifier.of(ns, "orders"));
  }

  @Test
  void qualifiedReturnsDottedNamesUnchanged() {
    assertThat(ctx.qualified("sales.orders")).isEqualTo("sales.orders");
    assertThat(ctx.identifier("sales.orders")).isEqualTo(TableIdentifier.of("sales", "orders"));
  }

  @Test
  void qualifiedUsesEveryLevelOfANestedNamespace() {
    MigrationContext nested = MigrationContexts.of(catalog(), ns + ".eu");

    assertThat(nested.qualified("orders")).isEqualTo(ns + ".eu.orders");
    assertThat(nested.identifier("orders"))
        .isEqualTo(TableIdentifier.of(Namespace.of(ns, "eu"), "orders"));
  }

  @Test
  void qualifiedRefusesABlankName() {
    assertThatThrownBy(() -> ctx.qualified(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot qualify table name: the name is empty");
  }

  // --- createTableIfNotExists -------------------------------------------------------------------

  @Test
  void createTableIfNotExistsCreatesTheTableAndItsNamespace() {
    Table table = createEvents();

    assertThat(((SupportsNamespaces) catalog()).namespaceExists(Namespace.of(ns))).isTrue();
    assertThat(catalog().tableExists(TableIdentifier.of(ns, "events"))).isTrue();
    assertThat(table.schema().asStruct()).isEqualTo(EVENTS.asStruct());
    assertThat(events().spec().isUnpartitioned()).isTrue();
    assertThat(events().sortOrder().isUnsorted()).isTrue();
  }

  @Test
  void createTableIfNotExistsCreatesEachLevelOfANestedNamespace() {
    MigrationContext nested = MigrationContexts.of(catalog(), ns + ".eu");

    nested.createTableIfNotExists("orders", EVENTS);

    SupportsNamespaces namespaces = (SupportsNamespaces) catalog();
    assertThat(namespaces.namespaceExists(Namespace.of(ns))).isTrue();
    assertThat(namespaces.namespaceExists(Namespace.of(ns, "eu"))).isTrue();
    assertThat(catalog().tableExists(TableIdentifier.of(Namespace.of(ns, "eu"), "orders")))
        .isTrue();
  }

  @Test
  void createTableIfNotExistsAppliesTheOptionsOnCreate() {
    Table probe = ctx.createTableIfNotExists("probe", EVENTS);
    String location = probe.location() + "_elsewhere/events";
    PartitionSpec spec =
        PartitionSpec.builderFor(EVENTS).day("ts").bucket("id", 16, "id_bucket").build();
    SortOrder order = SortOrder.builderFor(EVENTS).asc("region").desc("id").build();

    ctx.createTableIfNotExists(
        "events",
        EVENTS,
        TableOptions.defaults()
            .withPartitionSpec(spec)
            .withSortOrder(order)
            .withProperties(Map.of("owner", "sales", "write.format.default", "parquet"))
            .withLocation(location));

    Table table = events();
    assertThat(partitionFields(table))
        .containsExactly("ts_day=day(ts)", "id_bucket=bucket[16](id)");
    assertThat(sortFields(table)).containsExactly("region ASC NULLS_FIRST", "id DESC NULLS_LAST");
    assertThat(table.properties())
        .containsEntry("owner", "sales")
        .containsEntry("write.format.default", "parquet");
    assertThat(table.location()).isEqualTo(location);
  }

  @Test
  void createTableIfNotExistsReturnsTheExistingTableUnchanged() {
    Table first = createEvents();
    String before = metadataLocation(first);
    Schema other = new Schema(required(1, "other", Types.StringType.get()));

    Table second =
        ctx.createTableIfNotExists(
            "events",
            other,
            TableOptions.defaults()
                .withPartitionSpec(PartitionSpec.builderFor(other).identity("other").build())
                .withProperties(Map.of("owner", "nobody")));

    assertThat(metadataLocation(second)).isEqualTo(before);
    assertThat(second.schema().asStruct()).isEqualTo(EVENTS.asStruct());
    assertThat(second.spec().isUnpartitioned()).isTrue();
    assertThat(second.properties()).doesNotContainKey("owner");
  }

  @Test
  void createTableIfNotExistsToleratesAConcurrentCreator() {
    Table existing = createEvents();
    String before = metadataLocation(existing);
    MigrationContext loser = MigrationContexts.of(losingRaceCatalog(), ns);

    Table table = loser.createTableIfNotExists("events", EVENTS);

    assertThat(metadataLocation(table)).isEqualTo(before);
  }

  @Test
  void createTableIfNotExistsRefusesANullSchema() {
    assertThatThrownBy(() -> ctx.createTableIfNotExists("events", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create table " + ns + ".events: the schema is null");
  }

  // --- dropTableIfExists / loadTable ------------------------------------------------------------

  @Test
  void dropTableIfExistsReportsWhetherTheTableExisted() {
    createEvents();

    assertThat(ctx.dropTableIfExists("events")).isTrue();
    assertThat(catalog().tableExists(TableIdentifier.of(ns, "events"))).isFalse();
    assertThat(ctx.dropTableIfExists("events")).isFalse();
  }

  @Test
  void dropTableIfExistsLogsWhetherItDroppedTheTable() {
    createEvents();

    String dropped = StandardError.capture(() -> ctx.dropTableIfExists("events"));
    String missing = StandardError.capture(() -> ctx.dropTableIfExists("events"));

    assertThat(dropped).contains("Dropped table " + ns + ".events (purged)");
    assertThat(missing)
        .contains("Table " + ns + ".events does not exist; nothing to drop")
        .doesNotContain("Dropped");
  }

  @Test
  void dropTableIfExistsIsFalseWhenTheNamespaceIsMissing() {
    assertThat(ctx.dropTableIfExists("events")).isFalse();
  }

  @Test
  void loadTableLoadsTheQualifiedTable() {
    createEvents();

    assertThat(ctx.loadTable("events").schema().asStruct()).isEqualTo(EVENTS.asStruct());
    assertThat(ctx.loadTable(ns + ".events").uuid()).isEqualTo(ctx.loadTable("events").uuid());
  }

  @Test
  void loadTableFailsForAMissingTable() {
    assertThatThrownBy(() -> ctx.loadTable("missing")).isInstanceOf(NoSuchTableException.class);
  }

  // --- addColumn --------------------------------------------------------------------------------

  @Test
  void addColumnAddsAnOptionalColumnWithDoc() {
    createEvents();

    ctx.addColumn("events", "channel", Types.StringType.get(), "sales channel");

    NestedField channel = events().schema().findField("channel");
    assertThat(channel.type()).isEqualTo(Types.StringType.get());
    assertThat(channel.isOptional()).isTrue();
    assertThat(channel.doc()).isEqualTo("sales channel");
    assertThat(channel.fieldId()).isEqualTo(7);
  }

  @Test
  void addColumnParsesATypeString() {
    createEvents();

    ctx.addColumn("events", "amount", "decimal(10,2)");

    assertThat(events().schema().findField("amount").type()).isEqualTo(Types.DecimalType.of(10, 2));
  }

  @Test
  void addColumnParsesATypeStringAndSetsTheDoc() {
    createEvents();

    ctx.addColumn("events", "amount", "decimal(10,2)", "Gross amount in EUR");
    ctx.addColumn("events", "address.zip", "int", "Postal code");

    NestedField amount = events().schema().findField("amount");
    assertThat(amount.type()).isEqualTo(Types.DecimalType.of(10, 2));
    assertThat(amount.isOptional()).isTrue();
    assertThat(amount.doc()).isEqualTo("Gross amount in EUR");
    NestedField zip = events().schema().findField("address.zip");
    assertThat(zip.type()).isEqualTo(Types.IntegerType.get());
    assertThat(zip.doc()).isEqualTo("Postal code");
    assertThatThrownBy(() -> ctx.addColumn("events", "amount", "decimal(10,2)", "again"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot add column " + ns + ".events.amount: it already exists");
    assertThatThrownBy(() -> ctx.addColumn("events", "tax", "decimal(10)", "Tax"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot parse type 'decimal(10)'");
    assertThat(events().schema().findField("tax")).isNull();
  }

  @Test
  void addColumnAddsADottedFieldToAnExistingStruct() {
    createEvents();

    ctx.addColumn("events", "address.zip", Types.IntegerType.get());

    Schema schema = events().schema();
    assertThat(schema.findField("address.zip").type()).isEqualTo(Types.IntegerType.get());
    assertThat(schema.findField("zip")).isNull();
  }

  @Test
  void addColumnFailsWhenTheColumnExists() {
    createEvents();
    String before = metadataLocation(events());

    assertThatThrownBy(() -> ctx.addColumn("events", "region", Types.StringType.get()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot add column " + ns + ".events.region: it already exists");
    assertThatThrownBy(() -> ctx.addColumn("events", "address.street", Types.StringType.get()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot add column " + ns + ".events.address.street: it already exists");
    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  @Test
  void addColumnFailsWhenTheParentStructIsMissing() {
    createEvents();

    assertThatThrownBy(() -> ctx.addColumn("events", "shipping.carrier", Types.StringType.get()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot add column "
                + ns
                + ".events.shipping.carrier: parent struct shipping does not"
                + " exist");
    assertThatThrownBy(() -> ctx.addColumn("events", "region.code", Types.StringType.get()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot add column "
                + ns
                + ".events.region.code: parent region is a string, not a"
                + " struct");
  }

  @Test
  void addColumnAndDeleteColumnRefuseABlankColumnName() {
    createEvents();
    String before = metadataLocation(events());

    assertThatThrownBy(() -> ctx.addColumn("events", " ", Types.StringType.get()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot add column of " + ns + ".events: the column name is empty");
    assertThatThrownBy(() -> ctx.deleteColumn("events", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot delete column of " + ns + ".events: the column name is empty");
    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  @Test
  void addColumnRefusesAPathWithAnEmptyPart() {
    createEvents();
    String before = metadataLocation(events());

    for (String path : List.of(".channel", "address.", "address..street")) {
      assertThatThrownBy(() -> ctx.addColumn("events", path, Types.StringType.get()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "Cannot add column " + ns + ".events." + path + ": a part of the path is empty");
    }
    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  @Test
  void addColumnRefusesABadTypeString() {
    createEvents();

    assertThatThrownBy(() -> ctx.addColumn("events", "amount", "decimal(10)"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot parse type 'decimal(10)'");
  }

  // --- enforceColumn / enforceRename / getHelper ------------------------------------------------

  @Test
  void enforceColumnAddsPromotesAndIsIdempotent() {
    createEvents();

    ctx.enforceColumn("events", "channel", "string");
    ctx.enforceColumn("events", "channel", Types.StringType.get());
    ctx.enforceColumn("events", "quantity", Types.LongType.get());

    Schema schema = events().schema();
    assertThat(schema.findField("channel").type()).isEqualTo(Types.StringType.get());
    assertThat(schema.findField("quantity").type()).isEqualTo(Types.LongType.get());
    assertThat(schema.findField("quantity").fieldId()).isEqualTo(4);
  }

  @Test
  void enforceColumnRefusesAnIncompatibleTypeUnlessArchivalIsOn() {
    createEvents();

    assertThatThrownBy(() -> ctx.enforceColumn("events", "quantity", "string"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("Cannot change column")
        .hasMessageContaining("quantity from int to string");

    ctx.enforceColumn(
        "events",
        "quantity",
        Types.StringType.get(),
        EnforceOptions.legacyArchival().withDoc("units as text"));

    Schema schema = events().schema();
    assertThat(schema.findField("quantity").type()).isEqualTo(Types.StringType.get());
    assertThat(schema.findField("quantity").doc()).isEqualTo("units as text");
    assertThat(schema.findField("quantity__legacy_1").fieldId()).isEqualTo(4);
  }

  @Test
  void enforceColumnWithATypeStringAndOptionsWritesTheDoc() {
    createEvents();

    ctx.enforceColumn("events", "quantity", "long", EnforceOptions.defaults().withDoc("count"));

    NestedField quantity = events().schema().findField("quantity");
    assertThat(quantity.type()).isEqualTo(Types.LongType.get());
    assertThat(quantity.doc()).isEqualTo("count");
  }

  @Test
  void enforceRenameRenamesIdempotentlyWithDoc() {
    createEvents();

    ctx.enforceRename("events", "region", "sales_region", "the region");
    ctx.enforceRename("events", "region", "sales_region");
    ctx.enforceRename("events", "address.street", "address.line1", null, null);

    Schema schema = events().schema();
    assertThat(schema.findField("region")).isNull();
    assertThat(schema.findField("sales_region").fieldId()).isEqualTo(3);
    assertThat(schema.findField("sales_region").doc()).isEqualTo("the region");
    assertThat(schema.findField("address.line1").fieldId()).isEqualTo(6);
  }

  @Test
  void enforceRenameWithoutDocKeepsTheFieldIdAndDoc() {
    createEvents();

    ctx.enforceRename("events", "quantity", "units");

    Schema schema = events().schema();
    assertThat(schema.findField("quantity")).isNull();
    assertThat(schema.findField("units").fieldId()).isEqualTo(4);
    assertThat(schema.findField("units").doc()).isEqualTo("units");
  }

  @Test
  void getHelperWrapsTheLoadedTable() {
    createEvents();

    var helper = ctx.getHelper("events");

    assertThat(helper.table().uuid()).isEqualTo(events().uuid());
    assertThat(helper.getIcebergSchema().asStruct()).isEqualTo(EVENTS.asStruct());
  }

  // --- deleteColumn -----------------------------------------------------------------------------

  @Test
  void deleteColumnRemovesTopLevelAndNestedColumns() {
    createEvents();

    ctx.deleteColumn("events", "region");
    ctx.deleteColumn("events", "address.street");

    Schema schema = events().schema();
    assertThat(schema.findField("region")).isNull();
    assertThat(schema.findField("address.street")).isNull();
    assertThat(schema.findField("address")).isNotNull();
  }

  @Test
  void deleteColumnFailsForAMissingColumn() {
    createEvents();

    assertThatThrownBy(() -> ctx.deleteColumn("events", "nope"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot delete column " + ns + ".events.nope: it does not exist");
  }

  // --- updatePartitionSpec ----------------------------------------------------------------------

  @Test
  void updatePartitionSpecAddsSeveralFieldsInOneCommit() {
    createEvents();
    int versions = metadataVersions(events());

    ctx.updatePartitionSpec(
        "events",
        List.of(
            PartitionFieldSpec.of("ts", "day", "ts_day"),
            PartitionFieldSpec.of("id", "bucket[16]", "id_bucket"),
            PartitionFieldSpec.identity("region")),
        null);

    Table table = events();
    assertThat(partitionFields(table))
        .containsExactly("ts_day=day(ts)", "id_bucket=bucket[16](id)", "region=identity(region)");
    assertThat(metadataVersions(table)).isEqualTo(versions + 1);
  }

  @Test
  void updatePartitionSpecAddsAndRemovesInOneCommit() {
    createEvents();
    ctx.updatePartitionSpec(
        "events",
        List.of(PartitionFieldSpec.day("ts"), PartitionFieldSpec.identity("region")),
        null);
    int versions = metadataVersions(events());

    ctx.updatePartitionSpec(
        "events", List.of(PartitionFieldSpec.truncate("region", 4)), List.of("ts_day", "region"));

    Table table = events();
    assertThat(partitionFields(table)).containsExactly("region_trunc=truncate[4](region)");
    assertThat(metadataVersions(table)).isEqualTo(versions + 1);
  }

  @Test
  void updatePartitionSpecWithNothingToDoCommitsNothing() {
    createEvents();
    String before = metadataLocation(events());

    ctx.updatePartitionSpec("events", null, null);
    ctx.updatePartitionSpec("events", List.of(), List.of());

    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  @Test
  void updatePartitionSpecRefusesUnknownColumns() {
    createEvents();
    String before = metadataLocation(events());

    assertThatThrownBy(
            () ->
                ctx.updatePartitionSpec(
                    "events", List.of(PartitionFieldSpec.of("nope", "day", "nope_day")), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot add partition field nope_day to "
                + ns
                + ".events: source column nope does"
                + " not exist");
    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  // --- replaceSortOrder / setClusteringKeys -----------------------------------------------------

  @Test
  void replaceSortOrderSortsAscNullsFirstAndDescNullsLast() {
    createEvents();

    ctx.replaceSortOrder("events", List.of(SortColumn.asc("ts"), SortColumn.desc("id")));

    assertThat(sortFields(events())).containsExactly("ts ASC NULLS_FIRST", "id DESC NULLS_LAST");
    assertThat(events().sortOrder().fields())
        .extracting(f -> f.transform().toString())
        .containsOnly("identity");
  }

  @Test
  void replaceSortOrderWithAnEmptyOrNullListClearsIt() {
    createEvents();
    ctx.replaceSortOrder("events", List.of(SortColumn.asc("ts")));

    ctx.replaceSortOrder("events", List.of());
    assertThat(events().sortOrder().isUnsorted()).isTrue();

    ctx.replaceSortOrder("events", List.of(SortColumn.desc("id")));
    ctx.replaceSortOrder("events", null);
    assertThat(events().sortOrder().isUnsorted()).isTrue();
  }

  @Test
  void replaceSortOrderRefusesAMissingColumn() {
    createEvents();

    assertThatThrownBy(() -> ctx.replaceSortOrder("events", List.of(SortColumn.asc("nope"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot replace sort order of " + ns + ".events: column nope does not exist");
  }

  @Test
  void setClusteringKeysSortsEveryColumnAscendingAndWritesNoProperties() {
    createEvents();
    Map<String, String> before = Map.copyOf(events().properties());

    ctx.setClusteringKeys("events", List.of("region", "ts"));

    assertThat(sortFields(events()))
        .containsExactly("region ASC NULLS_FIRST", "ts ASC NULLS_FIRST");
    assertThat(events().properties()).isEqualTo(before);
  }

  @Test
  void setClusteringKeysTakesOneDirectionForAllColumns() {
    createEvents();

    ctx.setClusteringKeys("events", List.of("region", "ts"), SortDirection.DESC);

    assertThat(sortFields(events()))
        .containsExactly("region DESC NULLS_LAST", "ts DESC NULLS_LAST");

    ctx.setClusteringKeys("events", List.of());
    assertThat(events().sortOrder().isUnsorted()).isTrue();
  }

  // --- properties -------------------------------------------------------------------------------

  @Test
  void setTablePropertiesSetsAllInOneCommit() {
    createEvents();
    int versions = metadataVersions(events());

    ctx.setTableProperties("events", Map.of("owner", "sales", "tier", "gold"));

    assertThat(events().properties()).containsEntry("owner", "sales").containsEntry("tier", "gold");
    assertThat(metadataVersions(events())).isEqualTo(versions + 1);
  }

  @Test
  void unsetTablePropertiesRemovesPresentKeysAndIgnoresMissingOnes() {
    createEvents();
    ctx.setTableProperties("events", Map.of("owner", "sales", "tier", "gold"));

    ctx.unsetTableProperties("events", List.of("owner", "never-set"));

    assertThat(events().properties()).doesNotContainKey("owner").containsEntry("tier", "gold");
  }

  @Test
  void unsetTablePropertiesCommitsNothingWhenNoKeyIsPresent() {
    createEvents();
    String before = metadataLocation(events());

    ctx.unsetTableProperties("events", Set.of("never-set", "also-missing"));

    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  @Test
  void setCompactionTargetSizeWritesBytes() {
    createEvents();

    ctx.setCompactionTargetSize("events", 128);

    assertThat(events().properties())
        .containsEntry(TableProperties.WRITE_TARGET_FILE_SIZE_BYTES, "134217728");
  }

  @Test
  void setCompactionTargetSizeRefusesANonPositiveSize() {
    createEvents();

    assertThatThrownBy(() -> ctx.setCompactionTargetSize("events", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot set compaction target size of " + ns + ".events: 0 MiB is not positive");
    assertThatThrownBy(() -> ctx.setCompactionTargetSize("events", Long.MAX_VALUE / 1024))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith("MiB is too large");
  }

  @Test
  void setSnapshotRetentionWritesBothProperties() {
    createEvents();

    ctx.setSnapshotRetention("events", 5, Duration.ofHours(36));

    assertThat(events().properties())
        .containsEntry(TableProperties.MIN_SNAPSHOTS_TO_KEEP, "5")
        .containsEntry(TableProperties.MAX_SNAPSHOT_AGE_MS, "129600000");
  }

  @Test
  void setSnapshotRetentionLeavesANullSettingAlone() {
    createEvents();
    ctx.setSnapshotRetention("events", 5, Duration.ofHours(1));

    ctx.setSnapshotRetention("events", null, Duration.ofDays(2));
    assertThat(events().properties())
        .containsEntry(TableProperties.MIN_SNAPSHOTS_TO_KEEP, "5")
        .containsEntry(TableProperties.MAX_SNAPSHOT_AGE_MS, "172800000");

    ctx.setSnapshotRetention("events", 3, null);
    assertThat(events().properties())
        .containsEntry(TableProperties.MIN_SNAPSHOTS_TO_KEEP, "3")
        .containsEntry(TableProperties.MAX_SNAPSHOT_AGE_MS, "172800000");
  }

  @Test
  void setSnapshotRetentionRefusesMissingAndNonPositiveValues() {
    createEvents();
    String table = ns + ".events";

    assertThatThrownBy(() -> ctx.setSnapshotRetention("events", null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot set snapshot retention of "
                + table
                + ": give minSnapshots, maxSnapshotAge or"
                + " both");
    assertThatThrownBy(() -> ctx.setSnapshotRetention("events", 0, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot set snapshot retention of " + table + ": minSnapshots 0 is not positive");
    assertThatThrownBy(() -> ctx.setSnapshotRetention("events", null, Duration.ofHours(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot set snapshot retention of "
                + table
                + ": maxSnapshotAge PT-1H is not at least"
                + " 1 ms");
    assertThatThrownBy(() -> ctx.setSnapshotRetention("events", null, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxSnapshotAge PT0S is not at least 1 ms");
  }

  @Test
  void setSnapshotRetentionWarnsOnS3Tables() {
    MigrationContext s3Tables = MigrationContexts.of(s3TablesCatalog(), ns);
    s3Tables.createTableIfNotExists("events", EVENTS);

    String log = StandardError.capture(() -> s3Tables.setSnapshotRetention("events", 5, null));

    assertThat(log)
        .contains("WARN dev.icebergops.migration.MigrationContext")
        .contains("Setting snapshot retention of " + ns + ".events on AWS S3 Tables");
    assertThat(s3Tables.loadTable("events").properties())
        .containsEntry(TableProperties.MIN_SNAPSHOTS_TO_KEEP, "5");
  }

  @Test
  void setSnapshotRetentionDoesNotWarnElsewhere() {
    createEvents();

    String log = StandardError.capture(() -> ctx.setSnapshotRetention("events", 5, null));

    assertThat(log)
        .contains("INFO dev.icebergops.migration.MigrationContext")
        .doesNotContain("S3 Tables");
  }

  // --- restoreSchema ----------------------------------------------------------------------------

  @Test
  void restoreSchemaMakesTheOriginalSchemaCurrentWithItsFieldIds() {
    Schema original = createEvents().schema();
    ctx.addColumn("events", "channel", Types.StringType.get());
    ctx.enforceRename("events", "region", "sales_region");
    assertThat(events().schema().schemaId()).isNotEqualTo(original.schemaId());

    ctx.restoreSchema("events", original.schemaId());

    Schema restored = events().schema();
    assertThat(restored.schemaId()).isEqualTo(original.schemaId());
    assertThat(restored.asStruct()).isEqualTo(original.asStruct());
    assertThat(restored.findField("region").fieldId()).isEqualTo(3);
    assertThat(restored.findField("channel")).isNull();
  }

  @Test
  void restoreSchemaThenReAddingAColumnGivesItANewFieldId() {
    int original = createEvents().schema().schemaId();
    ctx.addColumn("events", "channel", Types.StringType.get());
    int addedId = events().schema().findField("channel").fieldId();
    ctx.restoreSchema("events", original);

    ctx.addColumn("events", "channel", Types.StringType.get());

    assertThat(events().schema().findField("channel").fieldId()).isGreaterThan(addedId);
  }

  @Test
  void restoreSchemaOfTheCurrentSchemaCommitsNothing() {
    Table created = createEvents();
    String before = metadataLocation(created);

    ctx.restoreSchema("events", events().schema().schemaId());

    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  @Test
  void restoreSchemaRefusesAnUnknownSchemaId() {
    Table created = createEvents();
    String before = metadataLocation(created);

    assertThatThrownBy(() -> ctx.restoreSchema("events", 42))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot restore schema 42 of "
                + ns
                + ".events: the table has no such schema (schema"
                + " ids: [0])");
    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  @Test
  void restoreSchemaRefusesWhenThePartitionSpecReferencesALaterColumn() {
    int original = createEvents().schema().schemaId();
    ctx.addColumn("events", "day", Types.DateType.get());
    ctx.updatePartitionSpec("events", List.of(PartitionFieldSpec.identity("day")), null);
    String before = metadataLocation(events());

    assertThatThrownBy(() -> ctx.restoreSchema("events", original))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot restore schema 0 of "
                + ns
                + ".events: schema 0 lacks columns that the partition spec (partition field day"
                + " on column day) reference(s); change those first");
    assertThat(metadataLocation(events())).isEqualTo(before);
    assertThat(events().schema().findField("day")).isNotNull();
  }

  @Test
  void restoreSchemaRefusesWhenTheSortOrderReferencesALaterColumn() {
    int original = createEvents().schema().schemaId();
    ctx.addColumn("events", "rank", Types.IntegerType.get());
    ctx.replaceSortOrder("events", List.of(SortColumn.asc("rank")));

    assertThatThrownBy(() -> ctx.restoreSchema("events", original))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the sort order (column rank)");
  }

  @Test
  void restoreSchemaRefusesWhenTheIdentifierFieldsReferenceALaterColumn() {
    int original = createEvents().schema().schemaId();
    events()
        .updateSchema()
        .allowIncompatibleChanges()
        .addRequiredColumn("code", Types.StringType.get())
        .commit();
    events().updateSchema().setIdentifierFields("code").commit();
    String before = metadataLocation(events());

    assertThatThrownBy(() -> ctx.restoreSchema("events", original))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the identifier fields (column code)");
    assertThat(metadataLocation(events())).isEqualTo(before);
  }

  @Test
  void restoreSchemaRestoresAPromotedTypeToTheNarrowerOne() {
    int original = createEvents().schema().schemaId();
    ctx.enforceColumn("events", "quantity", Types.LongType.get());

    ctx.restoreSchema("events", original);

    NestedField quantity = events().schema().findField("quantity");
    assertThat(quantity.type()).isEqualTo(Types.IntegerType.get());
    assertThat(quantity.fieldId()).isEqualTo(4);
    assertThat(events().schemas()).hasSize(2);
  }
}
