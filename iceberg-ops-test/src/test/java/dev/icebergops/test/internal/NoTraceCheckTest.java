package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Broken;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testing.SharedEnvironment;
import java.util.Set;
import org.apache.iceberg.catalog.Namespace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A full rollback must leave nothing behind; what it leaves is listed table by table. */
@ExtendWith(SharedEnvironment.class)
class NoTraceCheckTest {

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  @Test
  void aTableLeftOverAfterAFullRollbackFails() {
    CheckReport report = fixture.checks(Broken.leftover()).noTrace();

    assertThat(report.failures())
        .containsExactly(
            "Expecting a full rollback to leave no trace in "
                + fixture.ns
                + ", but after migrating to head (0002) and rolling back to 0000 it left "
                + fixture.ns
                + ".audit behind:\n"
                + fixture.ns
                + ".audit:\n"
                + "  Table added (columns: id)");
  }

  @Test
  void aViewLeftOverAfterAFullRollbackFails() {
    CheckReport report = fixture.checks(Broken.viewLeftBehind()).noTrace();

    assertThat(report.failures())
        .containsExactly(
            "Expecting a full rollback to leave no trace in "
                + fixture.ns
                + ", but after migrating to head (0002) and rolling back to 0000 it left "
                + fixture.ns
                + ".order_ids behind:\n"
                + fixture.ns
                + ".order_ids:\n"
                + "  View added (columns: id; spark: SELECT id FROM orders)");
  }

  @Test
  void aRollbackToAVersionComparesWithThatVersion() {
    CheckReport report =
        fixture.checks(Broken.forgetful(), new CheckSettings(Set.of(), "0001", false)).noTrace();

    assertThat(report.failures())
        .containsExactly(
            "Expecting a rollback from head (0002) to 0001 to leave no trace in "
                + fixture.ns
                + ", but after migrating to head (0002) and rolling back to 0001 it changed "
                + fixture.ns
                + ".orders:\n"
                + fixture.ns
                + ".orders:\n"
                + "  Added: region (id=5, string)");
    assertThat(fixture.shape().tables()).isEmpty();
  }

  @Test
  void aBranchLeftOnATableByARollbackFails() {
    CheckReport report =
        fixture
            .checks(Broken.branchLeftBehind(), new CheckSettings(Set.of(), "0001", false))
            .noTrace();

    assertThat(report.failures())
        .containsExactly(
            "Expecting a rollback from head (0002) to 0001 to leave no trace in "
                + fixture.ns
                + ", but after migrating to head (0002) and rolling back to 0001 it changed "
                + fixture.ns
                + ".orders:\n"
                + fixture.ns
                + ".orders:\n"
                + "  Added: branch scratch");
  }

  @Test
  void aDowngradeThatForgetsAColumnLeavesNoTraceOnceItsTableIsDropped() {
    CheckReport report = fixture.checks(Broken.forgetful()).noTrace();

    assertThat(report.passed()).as("%s", report).isTrue();
  }

  @Test
  void anAllowedIrreversibleVersionIsNotedAndComparedWithItsRecordedState() {
    CheckReport report = fixture.checks(Broken.irreversible(), Fixture.allowing("0002")).noTrace();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    assertThat(report.facts())
        .first()
        .isEqualTo(
            new CheckReport.Fact(
                "migration 0002 (Retype amount) is irreversible (allowed): amount__legacy_1 holds"
                    + " the old values; rename it back by hand",
                "the rollback stopped there and was compared with the state recorded there; the"
                    + " versions below it were walked from a fresh namespace"));
    assertThat(report.versions())
        .containsEntry("0001", CheckReport.Outcome.PASSED)
        .containsEntry("0002", CheckReport.Outcome.NOT_APPLICABLE)
        .containsEntry("0003", CheckReport.Outcome.PASSED);
  }

  @Test
  void aTraceBelowAnAllowedIrreversibleVersionFails() {
    CheckReport report =
        fixture.checks(Broken.leftoverBelowIrreversible(), Fixture.allowing("0004")).noTrace();

    assertThat(report.failures())
        .containsExactly(
            "Expecting a full rollback to leave no trace in "
                + fixture.ns
                + ", but after migrating a fresh namespace to 0002 (below irreversible migration"
                + " 0004 (Promote quantity)) and rolling back to 0000 it left "
                + fixture.ns
                + ".audit behind:\n"
                + fixture.ns
                + ".audit:\n"
                + "  Table added (columns: id)");
    assertThat(report.versions())
        .containsEntry("0001", CheckReport.Outcome.FAILED)
        .containsEntry("0002", CheckReport.Outcome.FAILED)
        .containsEntry("0004", CheckReport.Outcome.NOT_APPLICABLE);
    assertThat(fixture.catalog.namespaceExists(Namespace.of(fixture.ns + "_below0004")))
        .as("the fresh namespace of the walk below 0004, dropped")
        .isFalse();
  }

  @Test
  void aTraceAboveAnAllowedIrreversibleVersionFails() {
    CheckReport report =
        fixture.checks(Broken.irreversibleThenForgetful(), Fixture.allowing("0002")).noTrace();

    assertThat(report.failures())
        .containsExactly(
            "Expecting a full rollback to leave no trace in "
                + fixture.ns
                + ", but after migrating to head (0003) and rolling back to 0000, which stops at"
                + " irreversible migration 0002 (Retype amount), it changed "
                + fixture.ns
                + ".orders:\n"
                + fixture.ns
                + ".orders:\n"
                + "  Added: note (id=6, string)");
  }

  @Test
  void anIrreversibleVersionThatIsNotAllowedFails() {
    CheckReport report = fixture.checks(Broken.irreversible()).noTrace();

    assertThat(report.failures())
        .containsExactly(
            "Expecting a full rollback to leave no trace in "
                + fixture.ns
                + ", but migration 0002 (Retype amount) is irreversible: amount__legacy_1 holds"
                + " the old values; rename it back by hand");
  }

  @Test
  void anUnknownDownToFails() {
    CheckReport report =
        fixture.checks(Sales.reversible(), new CheckSettings(Set.of(), "0042", false)).noTrace();

    assertThat(report.failures())
        .containsExactly(
            "Expecting a rollback from head (0005) to 0042 to leave no trace in "
                + fixture.ns
                + ", but no migration has version 0042");
  }
}
