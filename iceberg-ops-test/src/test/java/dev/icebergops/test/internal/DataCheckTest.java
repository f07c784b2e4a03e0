package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.RunEvent;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.AllTypes;
import dev.icebergops.test.fixtures.Broken;
import dev.icebergops.test.fixtures.Defaults;
import dev.icebergops.test.fixtures.Payments;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The data check on real tables: what it accepts, what it reports, and where it lays a loss. */
@ExtendWith(SharedEnvironment.class)
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
  void aDowngradeBelowAnAllowedIrreversibleVersionIsStillCheckedForData() {
    CheckReport report =
        fixture.checks(Broken.lossBelowIrreversible(), Fixture.allowing("0004")).dataSurvives();

    assertThat(report.failures())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("Expecting migration 0002 (Add region losing rows) to keep the data of ")
        .contains("_data_below0004.orders")
        .contains("its downgrade lost");
    assertThat(report.versions())
        .containsEntry("0002", CheckReport.Outcome.FAILED)
        .containsEntry("0004", CheckReport.Outcome.PASSED);
    assertThat(report.facts())
        .extracting(CheckReport.Fact::effect)
        .contains(
            "the downgrades below it were checked from a fresh namespace, migrated up to the"
                + " version below it with rows written at each version");
    assertThat(fixture.catalog.namespaceExists(Namespace.of(fixture.ns + "_data_below0004")))
        .as("the fresh namespace of the walk below 0004, dropped")
        .isFalse();
  }

  @Test
  void rowsDeletedByAMigrationFailAtThatVersionWithTheRows() {
    CheckReport report = fixture.checks(AllTypes.truncating()).dataSurvives();

    assertThat(report.failures())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(
            "Expecting migration 0002 (Truncate kinds) to keep the data of "
                + fixture.ns
                + ".kinds, but its upgrade lost 4 rows written at 0001 (rows generated with seed"
                + " 42); for example:\n  before: {id=")
        .contains("\n  after:  (gone)");
    assertThat(report.versions())
        .containsEntry("0001", CheckReport.Outcome.PASSED)
        .containsEntry("0002", CheckReport.Outcome.FAILED);
  }

  @Test
  void aBackfillAndACompactionThatRewriteEveryFileKeepTheRowsFoundByTheirValues() {
    Map<String, String> operations = new ConcurrentHashMap<>();
    MigrationSource source =
        MigrationSource.of(
            Payments.V0001__CreatePayments.class,
            Payments.V0002__BackfillAmountInCents.class,
            Payments.V0003__CompactPayments.class);
    MigrationChecks checks =
        new MigrationChecks(
            fixture.runner(
                source,
                event -> {
                  if (event instanceof RunEvent.StepDone done) {
                    operations.putIfAbsent(
                        done.step().version(),
                        fixture
                            .catalog
                            .loadTable(TableIdentifier.of(fixture.ns, "payments"))
                            .currentSnapshot()
                            .operation());
                  }
                }),
            new CheckSettings(
                Set.of(),
                "0000",
                false,
                List.of(
                    new ExpectedBackfill(
                        "0002",
                        "payments",
                        "amount_cents",
                        "amount x 100",
                        row -> new Payments.AmountInCents().expected(row)))));

    CheckReport report = checks.dataSurvives();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    // the files the check wrote at 0001 and 0002 were replaced by the migrations' own
    assertThat(operations)
        .containsEntry("0002", DataOperations.OVERWRITE)
        .containsEntry("0003", DataOperations.REPLACE);
  }

  @Test
  void rowsWrittenBeforeARequiredColumnWithADefaultReadItsInitialDefault() {
    CheckReport report = fixture.checks(Defaults.requiredStatus()).dataSurvives();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    assertThat(report.notes()).noneMatch(note -> note.contains("fill"));
  }

  @Test
  void oldRowsThatNoLongerReadTheInitialDefaultFailAtTheVersionThatRewroteThem() {
    CheckReport report = fixture.checks(Defaults.defaultsLost()).dataSurvives();

    assertThat(report.failures())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(
            "Expecting migration 0003 (Rewrite without defaults) to keep the data of "
                + fixture.ns
                + ".orders, but its upgrade changed")
        .contains("channel")
        .contains("\n  expected: channel=store");
    assertThat(report.versions())
        .containsEntry("0002", CheckReport.Outcome.PASSED)
        .containsEntry("0003", CheckReport.Outcome.FAILED);
  }
}
