package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Broken;
import dev.icebergops.testing.SharedEnvironment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** An upgrade run again on its own result must neither throw nor commit. */
@ExtendWith(SharedEnvironment.class)
class IdempotencyCheckTest {

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  @Test
  void everyNonIdempotentUpgradeIsNamed() {
    CheckReport report = fixture.checks(Broken.nonIdempotent()).idempotentUpgrades();

    assertThat(report.failures()).hasSize(3);
    assertThat(report.failures().get(0))
        .isEqualTo(
            "Expecting upgrade() of migration 0002 (Add region once) to be idempotent, but running"
                + " it again on its own result threw java.lang.IllegalArgumentException: Cannot add"
                + " column "
                + fixture.ns
                + ".orders.region: it already exists");
    assertThat(report.failures().get(1))
        .matches(
            "Expecting upgrade\\(\\) of migration 0003 \\(Stamp orders\\) to be idempotent, but"
                + " running it again on its own result changed "
                + fixture.ns
                + "\\.orders:\n  property stamp: 's\\d+' -> 's\\d+'");
    assertThat(report.failures().get(2))
        .isEqualTo(
            "Expecting upgrade() of migration 0004 (Touch orders) to be idempotent, but running it"
                + " again on its own result changed "
                + fixture.ns
                + ".orders:\n  committed a new metadata version without changing the schema");
    assertThat(fixture.shape().tables()).isEmpty();
  }
}
