package dev.icebergops.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.fixtures.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs the deliberately broken fixture classes through JUnit's EngineTestKit and checks that each
 * fails the right test, with a message that names the version and shows the diff.
 */
class FailingMigrationSetsTest {

  private static Events run(Class<?> fixture) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(fixture))
        .execute()
        .testEvents();
  }

  private static Map<String, String> failures(Events events) {
    return EngineFailures.byTest(events);
  }

  @Test
  void aNonReversibleMigrationFailsTheStaircase() {
    Map<String, String> failures = failures(run(Fixtures.NonReversible.class));

    // a full rollback still ends empty (0001 drops the table), so only the staircase can tell
    assertThat(failures).containsOnlyKeys("everyDowngradeReversesItsUpgrade");
    assertThat(failures.get("everyDowngradeReversesItsUpgrade"))
        .startsWith("Expecting migration 0002 (Add region) to be reversible")
        .contains(".orders differs from before the upgrade")
        .contains("Added: region (id=5, string)");
  }

  @Test
  void aNestedRenameWithADocIsReversibleOnceTheDowngradeClearsTheDoc() {
    Map<String, String> leavingTheDoc = failures(run(Fixtures.RenameLeavingItsDoc.class));
    Events clearingIt = run(Fixtures.RenameWithDoc.class);

    assertThat(leavingTheDoc.get("everyDowngradeReversesItsUpgrade"))
        .startsWith("Expecting migration 0002 (Rename zip keeping the doc) to be reversible")
        .contains("address.zip");
    assertThat(failures(clearingIt)).isEmpty();
    clearingIt.assertStatistics(stats -> stats.failed(0).succeeded(8));
  }

  @Test
  void aNonIdempotentUpgradeFailsTheIdempotencyCheck() {
    Map<String, String> failures = failures(run(Fixtures.NonIdempotent.class));

    assertThat(failures).containsOnlyKeys("upgradesAreIdempotent");
    assertThat(failures.get("upgradesAreIdempotent"))
        .contains("Expecting upgrade() of migration 0002 (Add region once) to be idempotent")
        .contains("region");
  }

  @Test
  void aLeftoverTableFailsTheNoTraceChecks() {
    Map<String, String> failures = failures(run(Fixtures.LeftoverTable.class));

    assertThat(failures)
        .containsKeys(
            "fullRollbackLeavesNoTrace", "ordinaryTest", "everyDowngradeReversesItsUpgrade");
    assertThat(failures.get("everyDowngradeReversesItsUpgrade"))
        .contains("migration 0002 (Create audit)")
        .contains("audit");
    assertThat(failures.get("ordinaryTest")).contains("audit");
  }

  @Test
  void contractDriftFailsTheContractCheck() {
    Map<String, String> failures = failures(run(Fixtures.ContractDrift.class));

    assertThat(failures).containsOnlyKeys("headConformsToContracts");
    assertThat(failures.get("headConformsToContracts"))
        .contains("0002")
        .contains("orders.yaml")
        .contains("column region has type int, expected string");
  }

  @Test
  void anIrreversibleDowngradeFailsTheTestUnlessAllowed() {
    Map<String, String> notAllowed = failures(run(Fixtures.IrreversibleNotAllowed.class));
    Events allowed = run(Fixtures.IrreversibleAllowed.class);

    assertThat(notAllowed.get("ordinaryTest"))
        .contains("migration 0005 is irreversible: quantity stays long");
    allowed.assertStatistics(stats -> stats.succeeded(1).failed(0));
  }

  @Test
  void aTraceAboveAnAllowedIrreversibleVersionIsCaught() {
    Events events =
        EngineTestKit.engine("junit-jupiter")
            .selectors(
                selectMethod(Fixtures.TraceAboveIrreversible.class, "ordinaryTest", ""),
                selectMethod(
                    Fixtures.TraceAboveIrreversible.class,
                    "migratesPastTheIrreversibleVersionItself",
                    MigrationRunner.class.getName()),
                selectMethod(
                    Fixtures.TraceAboveIrreversible.class,
                    "fullRollbackLeavesNoTrace",
                    StandardChecks.class.getName()))
            .execute()
            .testEvents();
    Map<String, String> failures = failures(events);

    assertThat(failures)
        .containsOnlyKeys(
            "ordinaryTest",
            "migratesPastTheIrreversibleVersionItself",
            "fullRollbackLeavesNoTrace");
    assertThat(failures.get("ordinaryTest"))
        .startsWith("Expecting no trace of ordinaryTest in ")
        .contains(
            " after rolling back to 0004, where the rollback stops (irreversible),\nbut the"
                + " namespace differs from when it was at that version:\n")
        .contains("Added: note (id=6, string)");
    assertThat(failures.get("migratesPastTheIrreversibleVersionItself"))
        .contains("Added: note (id=6, string)");
    assertThat(failures.get("fullRollbackLeavesNoTrace"))
        .contains(
            "rolling back to 0000, which stops at irreversible migration 0004 (Promote quantity)")
        .contains("Added: note (id=6, string)");
  }

  @Test
  void aTraceBelowAnAllowedIrreversibleVersionIsCaught() {
    Map<String, String> failures = failures(run(Fixtures.TraceBelowIrreversible.class));

    // the staircase catches 0002 on its own; no trace must too, though 0004 stops the rollback
    assertThat(failures)
        .containsOnlyKeys("everyDowngradeReversesItsUpgrade", "fullRollbackLeavesNoTrace");
    assertThat(failures.get("fullRollbackLeavesNoTrace"))
        .contains(
            "after migrating a fresh namespace to 0002 (below irreversible migration 0004 (Promote"
                + " quantity)) and rolling back to 0000 it left ")
        .contains(".audit behind");
  }

  @Test
  void aWellBehavedClassPasses() {
    run(Fixtures.Plain.class).assertStatistics(stats -> stats.succeeded(1).failed(0));
  }

  /** The one failure of a class whose configuration is wrong; no test of it may start. */
  private static Throwable classFailure(Class<?> fixture, Map<String, String> parameters) {
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameters(parameters)
            .selectors(selectClass(fixture))
            .execute();
    results.testEvents().assertStatistics(stats -> stats.started(0));
    List<Event> failed = results.containerEvents().failed().list();
    assertThat(failed).as("failed containers of %s", fixture.getSimpleName()).hasSize(1);
    assertThat(failed.get(0).getTestDescriptor().getLegacyReportingName())
        .isEqualTo(fixture.getName());
    return failed
        .get(0)
        .getPayload(TestExecutionResult.class)
        .flatMap(r -> r.getThrowable())
        .orElseThrow();
  }

  private static Throwable classFailure(Class<?> fixture) {
    return classFailure(fixture, Map.of());
  }

  @Test
  void aConfigurationMistakeFailsTheClassOnceNamingTheCulprit() {
    assertThat(classFailure(Fixtures.NoLocation.class))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "Cannot configure @IcebergMigrations on "
                + Fixtures.NoLocation.class.getName()
                + ": give either locations or classes");
    assertThat(classFailure(Fixtures.TwoLocations.class))
        .hasMessageContaining("exactly one location is supported, got [classpath:a, classpath:b]");
    assertThat(classFailure(Fixtures.DotDotLocation.class))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining(
            "Cannot use migration location 'classpath:..': it must name a package");
    assertThat(classFailure(Fixtures.MissingLocation.class))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("Cannot find migrations at classpath:dev/icebergops/nowhere");
    assertThat(classFailure(Fixtures.MissingContracts.class))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith(
            "Cannot configure contracts of @IcebergMigrations on "
                + Fixtures.MissingContracts.class.getName()
                + ": Cannot find contracts at classpath:no/such/contracts");
    assertThat(classFailure(Fixtures.UnknownIrreversible.class))
        .hasMessageContaining("Cannot configure irreversible of @IcebergMigrations on ")
        .hasMessageContaining("no migration has version 0042 (known: 0001)");
  }

  @Test
  void mistakesOfOneTestFailThatTest() {
    assertThat(failures(run(Fixtures.UnknownMigrateTo.class)).get("ordinaryTest"))
        .contains("no migration has version 0042 (known: 0001)");
    assertThat(failures(run(Fixtures.TableWithoutAnnotation.class)).get("ordinaryTest"))
        .contains("annotate it with @IcebergTable");
    assertThat(failures(run(Fixtures.MissingTable.class)).get("ordinaryTest"))
        .contains("table ")
        .contains(".invoices does not exist at version 0001");
  }

  @Test
  void anUnknownBackendOverrideIsRefused() {
    assertThat(classFailure(Fixtures.Plain.class, Map.of(Backend.PROPERTY, "docker-in-the-cloud")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "Cannot use backend 'docker-in-the-cloud' from iceberg-ops.backend / ICEBERG_OPS_BACKEND:"
                + " known backends are [embedded, containers, auto]");
  }
}
