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
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.rest.RESTCatalog;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.view.View;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The view helpers of {@code MigrationContext} on the REST catalog over HTTP with an S3 store: each
 * changes nothing the second time, and a downgrade makes the view version from before its upgrade's
 * replace current again.
 */
@ExtendWith(SharedEnvironment.class)
class ViewHelpersTest {

  static final Schema ORDERS =
      new Schema(
          required(1, "id", Types.LongType.get()), optional(2, "total", Types.DoubleType.get()));
  static final String ALL = "SELECT id, total FROM orders";
  static final String LARGE = "SELECT id, total FROM orders WHERE total > 100";

  public static class V0001__CreateOrdersAndView extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.createTableIfNotExists("orders", ORDERS);
      ctx.createViewIfNotExists("order_totals", ORDERS, "spark", ALL);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.dropViewIfExists("order_totals");
      ctx.dropTableIfExists("orders");
    }
  }

  public static class V0002__LargeOrdersOnly extends BaseMigration {
    @Override
    public void upgrade(MigrationContext ctx) {
      ctx.replaceView("order_totals", ORDERS, "spark", LARGE);
    }

    @Override
    public void downgrade(MigrationContext ctx) {
      ctx.restoreViewBeforeUpgrade("order_totals");
      ctx.restoreViewBeforeUpgrade("order_totals");
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

  private TableIdentifier view() {
    return TableIdentifier.of(Namespace.of(namespace), "order_totals");
  }

  @Test
  void eachViewHelperChangesNothingTheSecondTime() {
    MigrationContext ctx = MigrationContexts.of(catalog, namespace);

    ctx.createViewIfNotExists("order_totals", ORDERS, "spark", ALL);
    ctx.createViewIfNotExists("order_totals", ORDERS, "spark", LARGE);
    ctx.replaceView("order_totals", ORDERS, "spark", LARGE);
    View replacedTwice = ctx.replaceView("order_totals", ORDERS, "spark", LARGE);

    assertThat(replacedTwice.versions()).hasSize(2);
    assertThat(replacedTwice.sqlFor("spark").sql()).isEqualTo(LARGE);
    assertThat(ctx.dropViewIfExists("order_totals")).isTrue();
    assertThat(ctx.dropViewIfExists("order_totals")).isFalse();
    assertThat(catalog.viewExists(view())).isFalse();
  }

  @Test
  void aViewLoadedThroughTheRunsCatalogCommitsNothingOnceTheRunLostItsLease() {
    MigrationContexts.of(catalog, namespace)
        .createViewIfNotExists("order_totals", ORDERS, "spark", ALL);
    AtomicBoolean lost = new AtomicBoolean();
    LeaseFence fence =
        new LeaseFence(
            catalog,
            null,
            null,
            0L,
            () -> lost.get() ? Optional.of("run b took it over") : Optional.empty());
    View fenced = ((ViewCatalog) FencedCatalog.of(catalog, fence)).loadView(view());
    lost.set(true);

    assertThatThrownBy(
            () ->
                fenced
                    .replaceVersion()
                    .withSchema(ORDERS)
                    .withDefaultNamespace(view().namespace())
                    .withQuery("spark", LARGE)
                    .commit())
        .isInstanceOf(LeaseFence.RefusedByFenceException.class)
        .hasMessage(
            "Cannot change %s (view commit): this run no longer holds the run lease (run b took"
                + " it over); the change was refused and not committed",
            view());
    assertThat(catalog.loadView(view()).sqlFor("spark").sql()).isEqualTo(ALL);
  }

  @Test
  void theDowngradeMakesTheVersionFromBeforeTheReplaceCurrentAgain() {
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(
                MigrationSource.of(V0001__CreateOrdersAndView.class, V0002__LargeOrdersOnly.class))
            .build();

    runner.migrate();
    View replaced = catalog.loadView(view());
    assertThat(replaced.currentVersion().versionId()).isEqualTo(2);
    assertThat(replaced.properties())
        .containsEntry("iceberg-ops.view-version-before-upgrade.0002", "1");

    runner.rollback(1);
    View restored = catalog.loadView(view());
    assertThat(restored.currentVersion().versionId()).isEqualTo(1);
    assertThat(restored.sqlFor("spark").sql()).isEqualTo(ALL);
    assertThat(restored.properties())
        .doesNotContainKey("iceberg-ops.view-version-before-upgrade.0002");

    runner.rollbackTo(MigrationRunner.BASE_VERSION);
    assertThat(catalog.viewExists(view())).isFalse();
  }
}
