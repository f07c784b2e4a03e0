package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Broken;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testing.SharedEnvironment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The history table must agree with what ran, row by row. */
@ExtendWith(SharedEnvironment.class)
class HistoryCheckTest {

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  @Test
  void aRowOfAVersionWithoutAClassFailsAfterUpgradeAndRollback() {
    var ghost = fixture.runner(Broken.ghost());
    ghost.migrate();
    ghost.rollbackTo("0000");

    CheckReport report = fixture.checks(Sales.reversible()).historyAgrees();

    assertThat(report.failures())
        .containsExactly(
            "Expecting the history of "
                + fixture.ns
                + " to hold one applied row per migration after migrate() to head (0005), but:\n"
                + "  - 0009: a row, but no migration has that version",
            "Expecting the history of "
                + fixture.ns
                + " to show every rolled-back version as rolled_back after rollbackTo(\"0000\"),"
                + " but:\n"
                + "  - 0009: a row, but no migration has that version");
  }

  @Test
  void anAllowedIrreversibleVersionStaysApplied() {
    CheckReport report =
        fixture.checks(Broken.irreversible(), Fixture.allowing("0002")).historyAgrees();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    assertThat(report.facts().get(0).fact())
        .startsWith("migration 0002 (Retype amount) is irreversible (allowed): ");
  }

  @Test
  void anIrreversibleVersionThatIsNotAllowedFails() {
    CheckReport report = fixture.checks(Broken.irreversible()).historyAgrees();

    assertThat(report.failures())
        .containsExactly(
            "Expecting migration 0002 (Retype amount) to be reversible, but its downgrade() is"
                + " irreversible: amount__legacy_1 holds the old values; rename it back by hand");
  }
}
