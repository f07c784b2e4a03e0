package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Broken;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testing.SharedEnvironment;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The staircase names the version that does not undo itself and shows what it left behind. */
@ExtendWith(SharedEnvironment.class)
class ReversibilityCheckTest {

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  @Test
  void aDowngradeThatForgetsAColumnFails() {
    CheckReport report = fixture.checks(Broken.forgetful()).reversibility();

    assertThat(report.passed()).isFalse();
    assertThat(report.failures())
        .containsExactly(
            "Expecting migration 0002 (Add region) to be reversible, but after upgrade"
                + " + downgrade "
                + fixture.ns
                + ".orders differs from before the upgrade:\n"
                + "  Added: region (id=5, string)");
    assertThat(report.failureMessage()).isEqualTo(report.failures().get(0));
    assertThat(fixture.shape().tables()).isEmpty();
  }

  @Test
  void aDowngradeThatForgetsTheLayoutFails() {
    CheckReport report = fixture.checks(Broken.forgetfulLayout()).reversibility();

    assertThat(report.failures())
        .containsExactly(
            "Expecting migration 0003 (Partition and own orders) to be reversible, but after"
                + " upgrade + downgrade "
                + fixture.ns
                + ".orders differs from before the upgrade:\n"
                + "  partition spec: added region_bucket (bucket[16] on region)\n"
                + "  property owner: (unset) -> 'sales'");
    // the stray partition field blocks 0002's downgrade: the clean-up says so
    assertThat(report.warnings())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(
            fixture.ns
                + " is left at 0002: the reversibility check could not roll it back to 0000"
                + " because migration 0002 (Add region)'s downgrade() failed: ");
  }

  @Test
  void anAllowedIrreversibleDowngradeIsNotedAndTheStaircaseGoesOn() {
    CheckReport report =
        fixture.checks(Broken.irreversible(), Fixture.allowing("0002")).reversibility();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    String fact =
        "migration 0002 (Retype amount) is irreversible (allowed): amount__legacy_1 holds the"
            + " old values; rename it back by hand";
    assertThat(report.notes()).isEmpty();
    assertThat(report.facts())
        .containsExactly(
            new CheckReport.Fact(fact, "its downgrade did not run"),
            new CheckReport.Fact(fact, "its namespace " + fixture.ns + " was left at 0002"));
    assertThat(report.notApplicable())
        .containsExactly(
            Map.entry("0002", "its downgrade is irreversible (allowed), so it did not run"));
    // 0003 was still checked: it is applied and rolled back, 0002 stays applied
    assertThat(fixture.runner(Broken.irreversible()).current()).contains("0002");
    assertThat(fixture.shape().tables()).containsExactly("orders");
  }

  @Test
  void anIrreversibleDowngradeThatIsNotAllowedFails() {
    CheckReport report = fixture.checks(Broken.irreversible()).reversibility();

    assertThat(report.failures())
        .containsExactly(
            "Expecting migration 0002 (Retype amount) to be reversible, but its downgrade() is"
                + " irreversible: amount__legacy_1 holds the old values; rename it back by hand");
  }

  @Test
  void laterVersionsAreStillCheckedAfterAnIrreversibleOne() {
    CheckReport report =
        fixture
            .checks(Broken.irreversibleThenForgetful(), Fixture.allowing("0002"))
            .reversibility();

    assertThat(report.facts().get(0).fact())
        .startsWith("migration 0002 (Retype amount) is irreversible");
    assertThat(report.failures())
        .containsExactly(
            "Expecting migration 0003 (Add note forgetfully) to be reversible, but after upgrade +"
                + " downgrade "
                + fixture.ns
                + ".orders differs from before the upgrade:\n"
                + "  Added: note (id=6, string)");
  }

  @Test
  void fieldIdDriftWarnsByDefault() {
    CheckReport report = fixture.checks(Broken.reAdded()).reversibility();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings())
        .containsExactly(
            "migration 0002 (Drop ts) changes field ids: after upgrade + downgrade these"
                + " columns have new ids:\n  "
                + fixture.ns
                + ".orders.ts: id 4 -> 5");
    assertThat(fixture.shape().tables()).isEmpty();
  }

  @Test
  void fieldIdDriftFailsWhenStrict() {
    CheckReport report =
        fixture.checks(Broken.reAdded(), new CheckSettings(Set.of(), "0000", true)).reversibility();

    assertThat(report.warnings()).isEmpty();
    assertThat(report.failures())
        .containsExactly(
            "Expecting migration 0002 (Drop ts) to keep field ids, but after upgrade +"
                + " downgrade these columns have new ids:\n  "
                + fixture.ns
                + ".orders.ts: id 4 -> 5");
  }

  @Test
  void aFailingUpgradeStopsTheStaircaseAndNamesTheVersion() {
    CheckReport report = fixture.checks(Broken.exploding()).reversibility();

    assertThat(report.failures()).hasSize(1);
    assertThat(report.failures().get(0))
        .startsWith(
            "Expecting migration 0002 (Explode) to upgrade " + fixture.ns + ", but it failed:")
        .contains("boom");
    assertThat(fixture.shape().tables()).isEmpty();
  }

  @Test
  void aNamespaceWithAnAppliedVersionIsRefused() {
    fixture.runner(Sales.reversible()).migrate("0001");

    CheckReport report = fixture.checks(Sales.reversible()).reversibility();

    assertThat(report.failures())
        .containsExactly(
            "Expecting "
                + fixture.ns
                + " to have no applied migration when the reversibility check starts, but"
                + " migration 0001 (Create orders) is applied");
  }
}
