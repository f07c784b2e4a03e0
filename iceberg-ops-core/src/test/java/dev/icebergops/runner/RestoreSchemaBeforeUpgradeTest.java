package dev.icebergops.runner;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A downgrade restores the schema from before its upgrade, on the REST catalog over HTTP with an S3
 * store, after a staircase that makes Iceberg reuse an earlier schema id: the largest id is then
 * not the newest schema.
 */
@ExtendWith(SharedEnvironment.class)
class RestoreSchemaBeforeUpgradeTest {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "coupon_code", Types.StringType.get()),
          optional(3, "legacy_flag", Types.BooleanType.get()));

  public static class V0001__CreateOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists("orders", ORDERS);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  /** Its downgrade adds the column back empty, under a new field id: a schema of its own. */
  public static class V0002__DropLegacyFlag extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      if (ctx.loadTable("orders").schema().findField("legacy_flag") != null) {
        ctx.deleteColumn("orders", "legacy_flag");
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      if (ctx.loadTable("orders").schema().findField("legacy_flag") == null) {
        ctx.addColumn("orders", "legacy_flag", Types.BooleanType.get());
      }
    }
  }

  public static class V0003__DropCouponCode extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      if (ctx.loadTable("orders").schema().findField("coupon_code") != null) {
        ctx.deleteColumn("orders", "coupon_code");
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.restoreSchemaBeforeUpgrade("orders");
    }
  }

  /** The guide's former recipe: the largest schema id that still had the column. */
  public static class V0003__DropCouponCodeByLargestId extends V0003__DropCouponCode {
    @Override
    public void downgrade(MigrationContext ctx) {
      Table orders = ctx.loadTable("orders");
      int largest =
          orders.schemas().values().stream()
              .filter(schema -> schema.findField("coupon_code") != null)
              .mapToInt(Schema::schemaId)
              .max()
              .orElseThrow();
      ctx.restoreSchema("orders", largest);
    }
  }

  private RESTCatalog catalog;
  private String namespace;
  private String meta;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "sales_" + suffix;
    meta = "_ops_" + suffix;
  }

  /** Up, down to 0001, up again, then down one: the downgrade of 0003 runs after the staircase. */
  private Table staircase(Class<? extends V0003__DropCouponCode> third) {
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(
                MigrationSource.of(V0001__CreateOrders.class, V0002__DropLegacyFlag.class, third))
            .build();
    runner.migrate();
    runner.rollbackTo("0001");
    runner.migrate();
    runner.rollback(1);
    return catalog.loadTable(TableIdentifier.of(Namespace.of(namespace), "orders"));
  }

  private static List<String> columns(Table table) {
    return table.schema().columns().stream().map(f -> f.fieldId() + ":" + f.name()).toList();
  }

  @Test
  void theDowngradeRestoresTheSchemaFromBeforeItsUpgradeThoughALargerIdHasTheColumn() {
    Table orders = staircase(V0003__DropCouponCode.class);

    assertThat(columns(orders)).containsExactly("1:id", "2:coupon_code");
    assertThat(orders.schemas().keySet())
        .as("a later schema with coupon_code, from 0002's downgrade")
        .anySatisfy(id -> assertThat(id).isGreaterThan(orders.schema().schemaId()));
    assertThat(orders.properties()).doesNotContainKey("iceberg-ops.schema-before-upgrade.0003");
    assertThat(orders.properties()).containsKey("iceberg-ops.schema-before-upgrade.0002");
  }

  @Test
  void theLargestSchemaIdThatHadTheColumnBringsBackAColumnTheVersionBelowDropped() {
    Table orders = staircase(V0003__DropCouponCodeByLargestId.class);

    assertThat(columns(orders)).containsExactly("1:id", "2:coupon_code", "4:legacy_flag");
  }

  @Test
  void outsideARunTheHelperIsRefusedNamingTheTable() {
    MigrationContext ctx = MigrationContexts.of(catalog, namespace);
    ctx.createTableIfNotExists("orders", ORDERS);

    assertThatThrownBy(() -> ctx.restoreSchemaBeforeUpgrade("orders"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot restore the schema of %s.orders from before the upgrade: this context runs no"
                + " version (only a runner's downgrade knows its upgrade)",
            namespace);
  }
}
