// tag::billing-test-class[]
package com.acme.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.Backfill;
import dev.icebergops.test.BackfillValues;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTable;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.math.BigDecimal;
import java.util.Map;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

@IcebergMigrations(
    locations = "classpath:com/acme/billing/db/iceberg",
    backfills =
        @Backfill(
            version = "0002", // V0002__AddAmountInCents, staged
            table = "payments",
            column = "amount_cents",
            values = BillingMigrationsTest.AmountInCents.class,
            description = "amount x 100"))
class BillingMigrationsTest implements MigrationSuite { // + the ten standard tests

  static class AmountInCents implements BackfillValues {
    @Override
    public Object expected(Map<String, Object> row) {
      return ((BigDecimal) row.get("amount")).movePointRight(2).longValueExact();
    }
  }

  @Test
  @MigrateTo("0001")
  void theBackfillReachesMainInOneCommitAndLeavesNoBranch(
      MigrationRunner runner, IcebergTestData data, @IcebergTable("payments") Table payments) {
    data.append("payments", payment(1, "12.34", "charge"), payment(2, "0.05", "charge"));
    payments.refresh();
    long before = payments.currentSnapshot().snapshotId();

    runner.migrate("0002");

    payments.refresh();
    assertThat(payments.currentSnapshot().parentId()).isEqualTo(before); // one commit on main
    assertThat(payments.refs()).containsOnlyKeys("main"); // the branch and its tag are gone
    assertThat(data.rows("payments"))
        .extracting("payment_id", "amount_cents")
        .containsExactlyInAnyOrder(tuple(1L, 1234L), tuple(2L, 5L));
  }

  @Test
  @MigrateTo("0002")
  void refundsMoveToTheirOwnTableAndBackOnRollback(MigrationRunner runner, IcebergTestData data) {
    data.append("payments", payment(1, "12.34", "charge"), payment(2, "-5.00", "refund"));

    runner.migrate(); // 0003

    assertThat(data.rows("payments")).extracting("payment_id").containsExactly(1L);
    assertThat(data.rows("refunds")).extracting("payment_id").containsExactly(2L);

    runner.rollbackTo("0002");

    assertThat(data.rows("payments")).extracting("payment_id").containsExactlyInAnyOrder(1L, 2L);
  }

  private static Map<String, Object> payment(long id, String amount, String kind) {
    return Map.of("payment_id", id, "amount", new BigDecimal(amount), "kind", kind);
  }
}
// end::billing-test-class[]
