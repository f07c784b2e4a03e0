package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Broken;
import dev.icebergops.testing.SharedEnvironment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Well-formedness and reaching head: a broken set is named precisely. */
@ExtendWith(SharedEnvironment.class)
class HeadChecksTest {

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  @Test
  void twoClassesWithOneVersionAreNotWellFormed() {
    CheckReport report = fixture.checks(Broken.duplicate()).wellFormed();

    assertThat(report.failures()).hasSize(1);
    assertThat(report.failureMessage())
        .startsWith("Expecting the migrations in ")
        .contains(" to be well-formed, but: ", "V0001__CreateOrders", "V0001__AlsoFirst");
  }

  @Test
  void anEmptySetIsNotWellFormed() {
    MigrationSource none = MigrationSource.of();
    CheckReport report = fixture.checks(none).wellFormed();

    assertThat(report.failures())
        .containsExactly(
            "Expecting at least one migration in "
                + none.location()
                + " for "
                + fixture.ns
                + ", but there is none");
  }

  @Test
  void aFailingUpgradeIsNamed() {
    CheckReport report = fixture.checks(Broken.exploding()).upgradeToHead();

    assertThat(report.failures()).hasSize(1);
    assertThat(report.failureMessage())
        .startsWith(
            "Expecting migration 0002 (Explode) to upgrade " + fixture.ns + ", but it failed: ")
        .contains("boom");
    assertThat(fixture.shape().tables()).isEmpty();
  }

  @Test
  void everyCheckReportsAnUnresolvableSet() {
    MigrationChecks checks = fixture.checks(Broken.duplicate());

    assertThat(
            java.util.List.of(
                checks.upgradeToHead(),
                checks.reversibility(),
                checks.noTrace(),
                checks.idempotentUpgrades(),
                checks.historyAgrees()))
        .allSatisfy(
            report ->
                assertThat(report.failureMessage()).startsWith("Expecting the migrations in "));
  }
}
