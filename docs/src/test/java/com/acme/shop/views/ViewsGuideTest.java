package com.acme.shop.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.view.View;
import org.junit.jupiter.api.Test;

/**
 * The views of docs/writing-migrations.md: the rename replaces the dashboards' view and keeps the
 * old column name readable through a compatibility view, and its set passes every standard check
 * (each view helper does nothing the second time; a rollback leaves no view behind).
 */
@IcebergMigrations(locations = "classpath:com/acme/shop/views")
class ViewsGuideTest implements MigrationSuite {

  @Test
  @MigrateTo("0002")
  void theRenameKeepsTheOldNameReadableThroughTheCompatibilityView(
      MigrationRunner runner, Catalog catalog) {
    ViewCatalog views = (ViewCatalog) catalog;
    View compat = views.loadView(TableIdentifier.of(runner.namespace(), "orders_v1"));
    assertThat(compat.schema().columns()).extracting(f -> f.name()).containsExactly("id", "total");
    assertThat(compat.sqlFor("spark").sql()).contains("`amount` AS `total`");

    runner.rollbackTo("0001");

    assertThat(views.viewExists(TableIdentifier.of(runner.namespace(), "orders_v1"))).isFalse();
    View dashboards = views.loadView(TableIdentifier.of(runner.namespace(), "large_orders"));
    assertThat(dashboards.currentVersion().versionId()).isEqualTo(1);
    assertThat(dashboards.sqlFor("spark").sql()).contains("total > 100");
  }
}
