// tag::payments-test-class[]
package com.acme.payments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.Backfill;
import dev.icebergops.test.BackfillValues;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.IcebergTestData;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.MigrationSuite;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

@IcebergMigrations(
    locations = "classpath:com/acme/payments/db/iceberg",
    backfills =
        @Backfill(
            version = "0002", // V0002__AddAmountInCents
            table = "payments",
            column = "amount_cents",
            values = PaymentsMigrationsTest.AmountInCents.class,
            description = "amount x 100"))
class PaymentsMigrationsTest implements MigrationSuite { // + the ten standard tests

  /** What 0002 must write in amount_cents of a row written before it. */
  static class AmountInCents implements BackfillValues {
    @Override
    public Object expected(Map<String, Object> row) {
      return ((BigDecimal) row.get("amount")).movePointRight(2).longValueExact();
    }
  }

  @Test
  @MigrateTo("0001")
  void amountsWrittenBeforeTheBackfillGetTheirCents(MigrationRunner runner, IcebergTestData data) {
    data.append("payments", Map.of("payment_id", 1L, "amount", new BigDecimal("12.34")));
    data.append("payments", Map.of("payment_id", 2L, "amount", new BigDecimal("0.05")));

    runner.migrate(); // the backfill, then the compaction

    assertThat(data.rows("payments"))
        .extracting("payment_id", "amount_cents")
        .containsExactlyInAnyOrder(tuple(1L, 1234L), tuple(2L, 5L));
  }
}
// end::payments-test-class[]
