package dev.icebergops.runner;

import static org.apache.iceberg.expressions.Expressions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.BaseMigration;
import dev.icebergops.migration.IrreversibleMigrationException;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableUtil;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The format version upgrade in a run, on the REST catalog over HTTP with an S3 store: the version
 * that calls it is applied in one commit with its row, and its rollback is refused as irreversible
 * before its downgrade runs, the table and the row left as they were.
 */
@ExtendWith(SharedEnvironment.class)
class FormatVersionUpgradeTest {

  public static class V0001__CreateOrders extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists("orders", RestoreSchemaBeforeUpgradeTest.ORDERS);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropTableIfExists("orders");
    }
  }

  /** Its downgrade would run without complaint: the runner must refuse it first. */
  public static class V0002__AddStatus extends BaseMigration {
    static int downgrades;

    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.upgradeFormatVersion("orders", 3);
      if (ctx.loadTable("orders").schema().findField("status") == null) {
        ctx.addRequiredColumn("orders", "status", Types.StringType.get(), null, lit("old"), null);
      }
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      downgrades++;
      ctx.deleteColumn("orders", "status");
    }
  }

  /** Upgrades the format version the way Iceberg's documentation shows: by its property. */
  public static class V0002__UpgradeByProperty extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.setTableProperties("orders", Map.of("format-version", "3", "owner", "sales"));
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.unsetTableProperties("orders", List.of("owner"));
    }
  }

  private MigrationRunner runner;
  private RESTCatalog catalog;
  private String namespace;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "fv_" + suffix;
    runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace("_ops_" + suffix)
            .source(MigrationSource.of(V0001__CreateOrders.class, V0002__AddStatus.class))
            .build();
  }

  private Table orders() {
    return catalog.loadTable(TableIdentifier.of(namespace, "orders"));
  }

  private String metadataFile() {
    return TableUtil.metadataFileLocation(orders());
  }

  private HistoryRecord row(String version) {
    return runner.history().stream().filter(r -> r.version().equals(version)).findFirst().get();
  }

  @Test
  void aVersionUpgradesTheFormatVersionAndAddsARequiredColumnWithADefault() {
    runner.migrate();

    assertThat(TableUtil.formatVersion(orders())).isEqualTo(3);
    assertThat(orders().schema().findField("status").isRequired()).isTrue();
    assertThat(row("0002").steps())
        .containsExactly(
            "upgrade the format version of " + namespace + ".orders to 3",
            "add required column " + namespace + ".orders.status");
  }

  @Test
  void theRollbackOfAVersionThatUpgradedTheFormatVersionIsRefusedAsIrreversible() {
    runner.migrate();
    int downgrades = V0002__AddStatus.downgrades;
    String metadata = metadataFile();

    assertThatThrownBy(() -> runner.rollbackTo("0001"))
        .isInstanceOfSatisfying(
            MigrationException.class,
            e -> {
              assertThat(e.isIrreversible()).isTrue();
              assertThat(e.getCause()).isInstanceOf(IrreversibleMigrationException.class);
            })
        .hasMessageContaining(
            "it is irreversible: its upgrade did 'upgrade the format version of "
                + namespace
                + ".orders to 3', and a format version never goes down; it stays as it was");
    assertThat(V0002__AddStatus.downgrades).isEqualTo(downgrades);
    assertThat(metadataFile()).isEqualTo(metadata);
    assertThat(row("0002").status()).isEqualTo(Status.APPLIED);
  }

  @Test
  void aFormatVersionSetAsATablePropertyIsRecordedAsTheUpgradeAndItsRollbackRefused() {
    MigrationRunner byProperty =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace("_ops_" + namespace.substring(3))
            .source(MigrationSource.of(V0001__CreateOrders.class, V0002__UpgradeByProperty.class))
            .build();
    byProperty.migrate();
    String metadata = metadataFile();

    assertThat(TableUtil.formatVersion(orders())).isEqualTo(3);
    assertThat(orders().properties()).containsEntry("owner", "sales");
    assertThat(byProperty.history().get(byProperty.history().size() - 1).steps())
        .containsExactly(
            "upgrade the format version of " + namespace + ".orders to 3",
            "set properties of " + namespace + ".orders");
    assertThatThrownBy(() -> byProperty.rollbackTo("0001"))
        .isInstanceOfSatisfying(
            MigrationException.class, e -> assertThat(e.isIrreversible()).isTrue());
    assertThat(metadataFile()).isEqualTo(metadata);
  }

  @Test
  void upgradingToTheFormatVersionATableHasCommitsNothingAndALowerOneIsRefused() {
    runner.migrate();
    MigrationContext ctx = MigrationContexts.of(catalog, namespace);
    String metadata = metadataFile();

    ctx.upgradeFormatVersion("orders", 3);

    assertThat(metadataFile()).isEqualTo(metadata);
    assertThatThrownBy(() -> ctx.upgradeFormatVersion("orders", 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot upgrade the format version of %s.orders to 2: it is 3, and a format version"
                + " never goes down",
            namespace);
  }
}
