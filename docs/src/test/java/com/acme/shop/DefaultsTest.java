package com.acme.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The column defaults of docs/writing-migrations.md, with the standard tests. */
@IcebergMigrations(locations = "classpath:com/acme/shop/defaults", irreversible = "0002")
class DefaultsTest implements MigrationSuite {

  @Test
  @MigrateTo("0001")
  void ordersWrittenBeforeTheStatusReadItsInitialDefault(
      MigrationRunner runner, IcebergTestData data) {
    data.append("orders", Map.of("order_id", 1L), Map.of("order_id", 2L, "note", "gift"));

    runner.migrate();

    assertThat(data.rows("orders"))
        .extracting("order_id", "status")
        .containsExactlyInAnyOrder(tuple(1L, "legacy"), tuple(2L, "legacy"));
    assertThatThrownBy(() -> runner.rollbackTo("0001"))
        .isInstanceOfSatisfying(
            MigrationException.class, e -> assertThat(e.isIrreversible()).isTrue())
        .hasMessageContaining("a format version never goes down");
  }
}
