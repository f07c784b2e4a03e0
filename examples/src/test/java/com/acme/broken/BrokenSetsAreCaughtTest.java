package com.acme.broken;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.acme.broken.contractdrift.ContractDriftSuite;
import com.acme.broken.edited.V0001__CreateRefunds;
import com.acme.broken.edited.released.V0002__AddReason;
import com.acme.broken.leftovertable.LeftoverTableSuite;
import com.acme.broken.losesdata.LosesDataSuite;
import com.acme.broken.notidempotent.NotIdempotentSuite;
import com.acme.broken.notreversible.NotReversibleSuite;
import com.acme.broken.outoforder.V0001__CreateReturns;
import com.acme.broken.outoforder.V0003__AddReceivedAt;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.runner.MigrationValidationException;
import dev.icebergops.test.IcebergMigrations;
import dev.icebergops.test.MigrateTo;
import dev.icebergops.test.StandardChecks;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Each deliberately broken migration set of {@code com.acme.broken.<kind>} is caught, with the
 * message its author reads. The first five are run as their team would run them, through a suite
 * class that {@code implements MigrationSuite} (tagged {@code broken-set}, so the build's own test
 * run leaves it alone; JUnit's EngineTestKit runs it here); the last two are caught by the runner
 * before a deployment.
 */
class BrokenSetsAreCaughtTest {

  /** The test namespaces are named {@code <suite>_<test>_<random>}; a message names them so. */
  private static final String NAMESPACE = "[a-z]+suite_[a-z_]+_[0-9a-f]{8}";

  /** Runs the given standard checks of a broken suite: check name to its failure message. */
  private static Map<String, String> failures(Class<?> suite, String... checks) {
    MethodSelector[] selectors =
        Arrays.stream(checks)
            .map(check -> selectMethod(suite, check, StandardChecks.class.getName()))
            .toArray(MethodSelector[]::new);
    return EngineTestKit.engine("junit-jupiter")
        // their reports stay apart from those of the suites that are meant to pass
        .configurationParameter("iceberg-ops.report.dir", "target/iceberg-ops/broken")
        .selectors(selectors)
        .execute()
        .testEvents()
        .failed()
        .stream()
        .collect(
            Collectors.toMap(
                event -> event.getTestDescriptor().getLegacyReportingName().replaceAll("\\(.*", ""),
                BrokenSetsAreCaughtTest::message));
  }

  /** The failure's message, with the test's random namespace written as {@code <ns>}. */
  private static String message(Event event) {
    return event
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage)
        .orElse("")
        .replaceAll(NAMESPACE, "<ns>");
  }

  @Test
  void aDowngradeThatDoesNotRestoreTheSchemaFailsTheStaircase() {
    Map<String, String> failures =
        failures(NotReversibleSuite.class, "everyDowngradeReversesItsUpgrade");

    assertThat(failures)
        .containsOnlyKeys("everyDowngradeReversesItsUpgrade")
        .containsEntry(
            "everyDowngradeReversesItsUpgrade",
            """
            Expecting migration 0002 (Add loyalty tier) to be reversible, but after upgrade +\
             downgrade <ns>.customers differs from before the upgrade:
              Added: tier_since (id=5, date)

            Expecting migration 0002 (Add loyalty tier) to give the same result when upgraded\
             again after its downgrade, but <ns>.customers differs from after the first upgrade:
              Changed: column order: customer_id, name, email, tier, tier_since ->\
             customer_id, name, email, tier_since, tier""");
  }

  @Test
  void anUpgradeThatFailsOrChangesThingsWhenRunTwiceFailsTheIdempotencyCheck() {
    Map<String, String> failures = failures(NotIdempotentSuite.class, "upgradesAreIdempotent");

    assertThat(failures).containsOnlyKeys("upgradesAreIdempotent");
    assertThat(failures.get("upgradesAreIdempotent"))
        .matches(
            """
            Expecting upgrade\\(\\) of migration 0002 \\(Add due date\\) to be idempotent, but\
             running it again on its own result threw java.lang.IllegalArgumentException: Cannot\
             add column <ns>.invoices.due_on: it already exists

            Expecting upgrade\\(\\) of migration 0003 \\(Stamp migration run\\) to be idempotent,\
             but running it again on its own result changed <ns>.invoices:
              property migration-run: '[0-9a-f-]{36}' -> '[0-9a-f-]{36}'""");
  }

  @Test
  void aTableTheFirstDowngradeLeavesBehindFailsTheNoTraceChecks() {
    Map<String, String> failures =
        failures(
            LeftoverTableSuite.class,
            "fullRollbackLeavesNoTrace",
            "everyDowngradeReversesItsUpgrade");

    assertThat(failures)
        .containsOnlyKeys("fullRollbackLeavesNoTrace", "everyDowngradeReversesItsUpgrade")
        .containsEntry(
            "fullRollbackLeavesNoTrace",
            """
            Expecting a full rollback to leave no trace in <ns>, but after migrating to head\
             (0002) and rolling back to 0000 it left <ns>.shipment_events behind:
            <ns>.shipment_events:
              Table added (columns: shipment_id, status, at)""")
        .containsEntry(
            "everyDowngradeReversesItsUpgrade",
            """
            Expecting migration 0001 (Create shipments) to be reversible, but after upgrade +\
             downgrade <ns>.shipment_events differs from before the upgrade:
              Table added (columns: shipment_id, status, at)""");
  }

  @Test
  void aHeadThatDriftsFromItsContractFailsTheContractCheck() {
    Map<String, String> failures = failures(ContractDriftSuite.class, "headConformsToContracts");

    assertThat(failures)
        .containsOnlyKeys("headConformsToContracts")
        .containsEntry(
            "headConformsToContracts",
            """
            Expecting <ns>.products at head (0002) to conform to contract products.yaml, but:
              - column price has type double, expected decimal(10,2)""");
  }

  @Test
  void aRenameDoneAsDropAndAddFailsTheDataCheckAndTheDeclarationsCheck() {
    Map<String, String> failures =
        failures(
            LosesDataSuite.class, "dataSurvivesEveryMigration", "destructiveChangesAreDeclared");

    assertThat(failures)
        .containsOnlyKeys("dataSurvivesEveryMigration", "destructiveChangesAreDeclared");
    assertThat(failures.get("destructiveChangesAreDeclared"))
        .isEqualTo(
            "Expecting migration 0002 (Rename method to channel) to declare its destructive"
                + " changes, but <ns>.payments column method: removed column method (id=3, string)"
                + " is destructive and not declared; declare it on the migration class with"
                + " @Destructive(\"<why>\")");
    assertThat(failures.get("dataSurvivesEveryMigration"))
        .startsWith(
            "Expecting migration 0002 (Rename method to channel) to keep the data of"
                + " <ns>.payments, but its upgrade dropped column method (id=3, string), which"
                + " held values in 4 rows written at 0001 (rows generated with seed 42); for"
                + " example:\n  before: {payment_id=")
        .containsPattern("\n  after:  \\{payment_id=\\d+, amount=[\\d.]+, channel=null}\n")
        .endsWith(
            "(if method was renamed to channel, rename it instead, which keeps its values:"
                + " ctx.enforceRename(\"payments\", \"method\", \"channel\"); if the loss is"
                + " intended, declare it on the migration class: @Destructive(\"<why>\"))");
  }

  /** A runner on the same namespace and history as {@code like}, with other migrations. */
  private static MigrationRunner deployed(MigrationRunner like, MigrationSource migrations) {
    return MigrationRunner.builder(like.catalog())
        .namespace(like.namespace())
        .metaNamespace(like.historyTable().tableIdentifier().namespace().toString())
        .source(migrations)
        .build();
  }

  private static String checksumOf(MigrationRunner runner, String version) {
    String checksum =
        runner.migrations().stream()
            .filter(m -> m.version().equals(version))
            .map(ResolvedMigration::checksum)
            .findFirst()
            .orElseThrow();
    return checksum.substring(0, 12) + "…";
  }

  @Nested
  @IcebergMigrations(locations = "classpath:com/acme/broken/edited")
  class AnEditedAppliedMigration {

    @Test
    @MigrateTo("0000")
    void isRefusedByValidateAndMigrate(MigrationRunner runner) {
      MigrationRunner released =
          deployed(runner, MigrationSource.of(V0001__CreateRefunds.class, V0002__AddReason.class));
      released.migrate();

      String findings =
          runner.namespace()
              + ": validation found 1 problem\n  - 0002 (Add reason) was applied with checksum "
              + checksumOf(released, "0002")
              + " but its class now has "
              + checksumOf(runner, "0002")
              + "; revert the edit, or accept it with repair()";
      assertThatThrownBy(runner::validate)
          .isInstanceOf(MigrationValidationException.class)
          .hasMessage("Cannot validate " + findings);
      assertThatThrownBy(runner::migrate).hasMessage("Cannot migrate " + findings);
      assertThat(runner.status())
          .extracting(
              MigrationStatus::version, MigrationStatus::state, MigrationStatus::checksumChanged)
          .containsExactly(
              tuple("0001", State.APPLIED, false),
              tuple("0002", State.APPLIED, true),
              tuple("0003", State.PENDING, false));
    }
  }

  @Nested
  @IcebergMigrations(locations = "classpath:com/acme/broken/outoforder")
  class AVersionBelowTheAppliedHead {

    @Test
    @MigrateTo("0000")
    void isRefusedByValidateAndMigrate(MigrationRunner runner) {
      deployed(runner, MigrationSource.of(V0001__CreateReturns.class, V0003__AddReceivedAt.class))
          .migrate();

      String findings =
          runner.namespace()
              + ": validation found 1 problem\n  - 0002 (Add condition) is pending but 0003 is"
              + " already applied; give it a version above 0003, or allow it with"
              + " outOfOrder(true)";
      assertThatThrownBy(runner::validate)
          .isInstanceOf(MigrationValidationException.class)
          .hasMessage("Cannot validate " + findings);
      assertThatThrownBy(runner::migrate).hasMessage("Cannot migrate " + findings);
      assertThat(runner.status())
          .extracting(MigrationStatus::version, MigrationStatus::state)
          .containsExactly(
              tuple("0001", State.APPLIED),
              tuple("0002", State.PENDING),
              tuple("0003", State.APPLIED));
    }
  }
}
