package dev.icebergops.migration;

import static org.apache.iceberg.expressions.Expressions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.schema.EnforceOptions;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Column defaults through the context's helpers, on the embedded REST catalog over HTTP with S3: on
 * a table of format version 3 a column gets its initial and write defaults, a required column can
 * be added; on a table of format version 2 a default is refused before any commit.
 */
@ExtendWith(SharedEnvironment.class)
class ColumnDefaultsTest {

  private MigrationContext ctx;

  @BeforeEach
  void freshNamespace(IcebergTestEnvironment environment) {
    String ns = "defaults_" + UUID.randomUUID().toString().replace("-", "");
    ctx = MigrationContexts.of(environment.catalog(), ns);
    ctx.createTableIfNotExists(
        "orders",
        MigrationContextBehaviour.EVENTS,
        TableOptions.defaults().withProperties(Map.of("format-version", "3")));
    ctx.createTableIfNotExists("legacy", MigrationContextBehaviour.EVENTS);
  }

  private NestedField field(String table, String column) {
    return ctx.loadTable(table).schema().findField(column);
  }

  @Test
  void addColumnGivesAnOptionalColumnItsInitialAndWriteDefaults() {
    ctx.addColumn("orders", "channel", Types.StringType.get(), null, lit("store"), lit("web"));

    NestedField channel = field("orders", "channel");
    assertThat(channel.isOptional()).isTrue();
    assertThat(channel.initialDefault()).hasToString("store");
    assertThat(channel.writeDefault()).hasToString("web");
  }

  @Test
  void addRequiredColumnWithADefaultOnAV3Table() {
    ctx.addRequiredColumn("orders", "status", Types.StringType.get(), "Status", lit("new"), null);

    NestedField status = field("orders", "status");
    assertThat(status.isRequired()).isTrue();
    assertThat(status.initialDefault()).hasToString("new");
    assertThat(status.writeDefault()).isNull();
    assertThat(status.doc()).isEqualTo("Status");
  }

  @Test
  void addRequiredColumnWithoutAnInitialDefaultIsRefused() {
    String before = MigrationContextBehaviour.metadataLocation(ctx.loadTable("orders"));

    assertThatThrownBy(
            () ->
                ctx.addRequiredColumn(
                    "orders", "status", Types.StringType.get(), null, null, lit("new")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot add required column %s.status: it needs an initial default, which the rows"
                + " written before read",
            ctx.qualified("orders"));
    assertThat(MigrationContextBehaviour.metadataLocation(ctx.loadTable("orders")))
        .isEqualTo(before);
  }

  @Test
  void aDefaultOnAV2TableIsRefusedBeforeAnyCommit() {
    Table legacy = ctx.loadTable("legacy");
    String before = MigrationContextBehaviour.metadataLocation(legacy);

    assertThatThrownBy(
            () -> ctx.addColumn("legacy", "status", Types.StringType.get(), null, lit("new"), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot add column %s.status with a default: table format version 2 does not support"
                + " default values; upgrade to 3 with upgradeFormatVersion(\"legacy\", 3)",
            ctx.qualified("legacy"));
    assertThat(MigrationContextBehaviour.metadataLocation(ctx.loadTable("legacy")))
        .isEqualTo(before);
    assertThat(field("legacy", "status")).isNull();
  }

  @Test
  void enforceColumnWithADefaultOnAV2TableIsRefusedBeforeAnyCommit() {
    String before = MigrationContextBehaviour.metadataLocation(ctx.loadTable("legacy"));
    EnforceOptions withDefault = EnforceOptions.defaults().withDefaults(null, lit("EMEA"));

    assertThatThrownBy(() -> ctx.enforceColumn("legacy", "region", "string", withDefault))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("region with a default: table format version 2")
        .hasMessageEndingWith("upgrade to 3 with upgradeFormatVersion(\"legacy\", 3)");
    assertThat(MigrationContextBehaviour.metadataLocation(ctx.loadTable("legacy")))
        .isEqualTo(before);
  }

  @Test
  void enforceColumnAddsAMissingColumnWithItsDefaults() {
    ctx.enforceColumn(
        "orders",
        "priority",
        "int",
        EnforceOptions.defaults().withDefaults(lit(0), lit(1)).withDoc("Priority"));

    NestedField priority = field("orders", "priority");
    assertThat(priority.initialDefault()).isEqualTo(0);
    assertThat(priority.writeDefault()).isEqualTo(1);
    assertThat(priority.doc()).isEqualTo("Priority");
  }

  @Test
  void enforceColumnSetsTheWriteDefaultOfAnExistingColumnAndIsANoOpTheSecondTime() {
    EnforceOptions withDefault = EnforceOptions.defaults().withDefaults(null, lit("EMEA"));

    ctx.enforceColumn("orders", "region", "string", withDefault);
    String after = MigrationContextBehaviour.metadataLocation(ctx.loadTable("orders"));
    ctx.enforceColumn("orders", "region", "string", withDefault);

    assertThat(field("orders", "region").writeDefault()).hasToString("EMEA");
    assertThat(field("orders", "region").initialDefault()).isNull();
    assertThat(MigrationContextBehaviour.metadataLocation(ctx.loadTable("orders")))
        .isEqualTo(after);
  }

  @Test
  void enforceColumnRefusesAnotherInitialDefaultForAnExistingColumn() {
    ctx.addColumn("orders", "channel", Types.StringType.get(), null, lit("store"), lit("web"));

    assertThatThrownBy(
            () ->
                ctx.enforceColumn(
                    "orders",
                    "channel",
                    "string",
                    EnforceOptions.defaults().withDefaults(lit("shop"), lit("web"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith(
            "channel with initial default \"shop\": it has \"store\", and the initial default of"
                + " an existing column cannot change");
  }
}
