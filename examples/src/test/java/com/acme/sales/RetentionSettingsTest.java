package com.acme.sales;

import static dev.icebergops.test.assertj.IcebergOpsAssertions.assertThat;

import com.acme.sales.config.RetentionSettings;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.IcebergMigrationsExtension;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.MigrateTo;
import java.time.Duration;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The sales migrations configured the way production configures them: the extension registered
 * through its builder, with a {@link MigrationFactory} that injects the team's {@link
 * RetentionSettings} into every migration that takes them (as a dependency-injection container
 * would).
 */
class RetentionSettingsTest {

  static final RetentionSettings PRODUCTION = new RetentionSettings(30, Duration.ofDays(90));

  /** A migration's constructor that takes the settings, else its public no-arg one. */
  static final MigrationFactory INJECT_SETTINGS =
      type -> {
        try {
          return type.getConstructor(RetentionSettings.class).newInstance(PRODUCTION);
        } catch (NoSuchMethodException noSettings) {
          return MigrationFactory.publicNoArgConstructor().create(type);
        }
      };

  @RegisterExtension
  static final IcebergMigrationsExtension SALES =
      IcebergMigrationsExtension.builder()
          .locations("classpath:com/acme/sales/db/iceberg")
          .irreversible("0004", "0005")
          .factory(INJECT_SETTINGS)
          .build();

  @Test
  void ordersKeepTheirSnapshotsAsLongAsTheSettingsSay(@IcebergTable("orders") Table orders) {
    assertThat(orders)
        .hasProperty("history.expire.min-snapshots-to-keep", "30")
        .hasProperty(
            "history.expire.max-snapshot-age-ms", String.valueOf(Duration.ofDays(90).toMillis()));
  }

  @Test
  @MigrateTo("0006")
  void theSettingsReachTheMigrationWhenTheRunnerCreatesIt(
      MigrationRunner runner, @IcebergTable("orders") Table orders) {
    assertThat(orders).doesNotHaveProperty("history.expire.min-snapshots-to-keep");

    runner.migrate("0007");
    orders.refresh();

    assertThat(orders).hasProperty("history.expire.min-snapshots-to-keep", "30");
  }
}
