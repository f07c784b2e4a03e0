package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.AllTypes;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.test.support.TestEnvironment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The data check on real tables: what it accepts, what it reports, and where it lays a loss. */
@ExtendWith(TestEnvironment.class)
class DataCheckTest {

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  @Test
  void promotionsAndRenamesKeepEveryTypeOfValue() {
    CheckReport report = fixture.checks(AllTypes.evolving()).dataSurvives();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    assertThat(report.versions())
        .containsExactly(
            org.assertj.core.api.Assertions.entry("0001", CheckReport.Outcome.PASSED),
            org.assertj.core.api.Assertions.entry("0002", CheckReport.Outcome.PASSED),
            org.assertj.core.api.Assertions.entry("0003", CheckReport.Outcome.PASSED));
    assertThat(report.headSchemas()).containsOnlyKeys("kinds");
    assertThat(fixture.shape().tables()).isEmpty();
  }

  @Test
  void aDowngradeDiscardingWhatItsUpgradeAddedIsANoteNotAFailure() {
    CheckReport report = fixture.checks(Sales.reversible()).dataSurvives();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.notes())
        .contains(
            "the downgrade of migration 0002 (Add region) discards data its upgrade made room"
                + " for: "
                + fixture.ns
                + ".orders column region (id=5, string), 16 rows written at 0002, 0003, 0004,"
                + " 0005",
            "the downgrade of migration 0001 (Create orders) discards data its upgrade made room"
                + " for: "
                + fixture.ns
                + ".orders (the table), 20 rows written at 0001, 0002, 0003, 0004, 0005");
  }

  @Test
  void rowsDeletedByAMigrationFailWithTheVersionsTheyWereWrittenAt() {
    CheckReport report = fixture.checks(AllTypes.truncating()).dataSurvives();

    assertThat(report.failures())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(
            "Expecting "
                + fixture.ns
                + ".kinds to keep the data written at 0001 up to head (0002), but 4 rows no longer"
                + " read back (rows generated with seed 42); for example:\n  before: {id=");
  }
}
