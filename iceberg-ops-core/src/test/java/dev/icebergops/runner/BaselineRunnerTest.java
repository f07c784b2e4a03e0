package dev.icebergops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.MigrationStatus.State;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.testing.SharedEnvironment;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Baseline migrations in the runner, on the REST catalog over HTTP with an S3 store. */
@ExtendWith(SharedEnvironment.class)
class BaselineRunnerTest {

  private RESTCatalog catalog;
  private String namespace;
  private String meta;
  private Probe probe;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    catalog = environment.catalog();
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    namespace = "sales_" + suffix;
    meta = "_ops_" + suffix;
    probe = new Probe();
  }

  private MigrationRunner.Builder builder(MigrationSource source) {
    return MigrationRunner.builder(catalog)
        .namespace(namespace)
        .source(source)
        .metaNamespace(meta)
        .factory(
            type -> type.getConstructor(Probe.class).newInstance(probe)); // every fixture takes one
  }

  private MigrationRunner runner() {
    return builder(BaselineMigrations.chainWithTwoBaselines()).build();
  }

  private List<String> columns() {
    return catalog
        .loadTable(TableIdentifier.of(Namespace.of(namespace), "orders"))
        .schema()
        .columns()
        .stream()
        .map(f -> f.name() + ":" + f.type())
        .toList();
  }

  private static final List<String> HEAD_COLUMNS =
      List.of("id:long", "quantity:long", "amount:double", "region:string", "channel:string");

  private String checksumOf(MigrationRunner runner, String version) {
    return runner.baselines().stream()
        .filter(b -> b.version().equals(version))
        .map(ResolvedMigration::checksum)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aFreshNamespaceTakesTheHighestBaselineThenTheVersionsAfterIt() {
    MigrationRunner runner = runner();

    MigrationResult result = runner.migrate();

    assertThat(result.versions()).containsExactly("0003", "0004");
    assertThat(result.baseline()).contains("0003");
    assertThat(result.steps()).extracting(MigrationStep::baseline).containsExactly(true, false);
    assertThat(result.current()).contains("0004");
    assertThat(probe.calls())
        .containsExactly(
            "B0003.preUpgrade",
            "B0003.upgrade",
            "B0003.postUpgrade",
            "0004.preUpgrade",
            "0004.upgrade",
            "0004.postUpgrade");
    assertThat(columns()).isEqualTo(HEAD_COLUMNS);
    assertThat(runner.history())
        .extracting(
            HistoryRecord::version,
            HistoryRecord::status,
            HistoryRecord::operation,
            HistoryRecord::description,
            HistoryRecord::checksum)
        .containsExactly(
            tuple("0003", Status.APPLIED, "baseline", "Baseline", checksumOf(runner, "0003")),
            tuple(
                "0004",
                Status.APPLIED,
                "upgrade",
                "Add channel",
                runner.migrations().get(3).checksum()));
    runner.validate(); // the versions below the baseline are neither missing nor out of order
    assertThat(runner.plan()).isEmpty();
  }

  @Test
  void statusShowsTheVersionsBelowTheAppliedBaselineAndNamesIt() {
    MigrationRunner runner = runner();
    runner.migrate();

    assertThat(runner.status())
        .extracting(
            MigrationStatus::version,
            MigrationStatus::state,
            MigrationStatus::baselineVersion,
            MigrationStatus::isBaseline)
        .containsExactly(
            tuple("0001", State.BELOW_BASELINE, "0003", false),
            tuple("0002", State.BELOW_BASELINE, "0003", false),
            tuple("0003", State.APPLIED, "0003", true),
            tuple("0004", State.APPLIED, null, false));
    assertThat(runner.baseline())
        .map(ResolvedMigration::className)
        .contains(BaselineMigrations.B0003__Baseline.class.getName());
    assertThat(State.BELOW_BASELINE.isPending()).isFalse();
  }

  @Test
  void planAndStatusOfAFreshNamespaceNameTheBaselineMigrateWouldApplyAndWriteNothing() {
    MigrationRunner runner = runner();

    assertThat(runner.plan())
        .extracting(
            MigrationStatus::version, MigrationStatus::description, MigrationStatus::isBaseline)
        .containsExactly(tuple("0003", "Baseline", true), tuple("0004", "Add channel", false));
    assertThat(runner.status())
        .extracting(
            MigrationStatus::version, MigrationStatus::state, MigrationStatus::baselineVersion)
        .containsExactly(
            tuple("0001", State.BELOW_BASELINE, "0003"),
            tuple("0002", State.BELOW_BASELINE, "0003"),
            tuple("0003", State.PENDING, "0003"),
            tuple("0004", State.PENDING, null));
    assertThat(runner.baseline()).map(ResolvedMigration::version).contains("0003");
    assertThat(catalog.namespaceExists(Namespace.of(meta))).isFalse();
    assertThat(probe.calls()).isEmpty();
  }

  @Test
  void theDriftCheckOfANamespaceABaselineBuiltReplaysTheBaselineThenTheVersionsAboveIt() {
    MigrationRunner runner = runner();
    runner.migrate();
    int before = probe.calls().size();

    DriftReport report = runner.checkDrift();

    assertThat(report.findings()).isEmpty();
    assertThat(report.version()).isEqualTo("0004");
    assertThat(probe.calls().subList(before, probe.calls().size()))
        .filteredOn(call -> call.endsWith(".upgrade"))
        .containsExactly("B0003.upgrade", "0004.upgrade");
  }

  @Test
  void aTargetTakesTheHighestBaselineAtOrBelowIt() {
    MigrationRunner runner = runner();

    MigrationResult result = runner.migrate("0002");

    assertThat(result.versions()).containsExactly("0002");
    assertThat(result.baseline()).contains("0002");
    assertThat(runner.migrate().versions()).containsExactly("0003", "0004");
    assertThat(probe.calls())
        .filteredOn(call -> call.endsWith(".upgrade"))
        .containsExactly("B0002.upgrade", "0003.upgrade", "0004.upgrade");
    assertThat(columns()).isEqualTo(HEAD_COLUMNS);
  }

  @Test
  void aTargetBelowEveryBaselineWalksTheChainAndTheHistoryItLeavesIgnoresBaselines() {
    MigrationRunner runner = runner();

    assertThat(runner.migrate("0001").baseline()).isEmpty();
    assertThat(runner.plan()).extracting(MigrationStatus::isBaseline).containsOnly(false);
    MigrationResult rest = runner.migrate();

    assertThat(rest.versions()).containsExactly("0002", "0003", "0004");
    assertThat(rest.baseline()).isEmpty();
    assertThat(probe.calls()).noneMatch(call -> call.startsWith("B"));
    assertThat(runner.baseline()).isEmpty();
    assertThat(runner.status()).extracting(MigrationStatus::state).containsOnly(State.APPLIED);
  }

  @Test
  void baselinesOffWalksTheWholeChainOfAFreshNamespace() {
    MigrationRunner runner =
        builder(BaselineMigrations.chainWithTwoBaselines()).baselines(false).build();

    assertThat(runner.appliesBaselines()).isFalse();
    assertThat(runner.baselines())
        .extracting(ResolvedMigration::version)
        .containsExactly("0002", "0003");
    assertThat(runner.plan())
        .extracting(MigrationStatus::version)
        .containsExactly("0001", "0002", "0003", "0004");
    assertThat(runner.baseline()).isEmpty();
    MigrationResult result = runner.migrate();

    assertThat(result.versions()).containsExactly("0001", "0002", "0003", "0004");
    assertThat(result.baseline()).isEmpty();
    assertThat(probe.calls()).noneMatch(call -> call.startsWith("B"));
    assertThat(columns()).isEqualTo(HEAD_COLUMNS);
    assertThat(runner.toBuilder().build().appliesBaselines()).isFalse();
  }

  @Test
  void rollingBackBetweenZeroAndTheBaselineIsRefusedNamingTheBaseline() {
    MigrationRunner runner = runner();
    runner.migrate();

    assertThatThrownBy(() -> runner.rollbackTo("0002"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot roll back "
                + namespace
                + " to 0002: baseline 0003 (Baseline) built the versions up to 0003 in"
                + " one step, and its downgrade goes back to 0000; roll back to 0003 or above, or"
                + " to 0000");
    assertThat(runner.current()).contains("0004");
    assertThat(runner.lease()).isEmpty();
  }

  @Test
  void rollingBackToTheBaselineUndoesTheVersionsAfterIt() {
    MigrationRunner runner = runner();
    runner.migrate();

    assertThat(runner.rollbackTo("0003").versions()).containsExactly("0004");

    assertThat(runner.current()).contains("0003");
    assertThat(runner.migrate().versions()).containsExactly("0004");
  }

  @Test
  void rollingBackToZeroRunsTheBaselinesDowngradeAndTheNextMigrateWalksTheChain() {
    MigrationRunner runner = runner();
    runner.migrate();

    MigrationResult down = runner.rollbackTo("0000");

    assertThat(down.versions()).containsExactly("0004", "0003");
    assertThat(down.steps()).extracting(MigrationStep::baseline).containsExactly(false, true);
    assertThat(probe.calls()).contains("B0003.downgrade").doesNotContain("0003.downgrade");
    assertThat(catalog.tableExists(TableIdentifier.of(Namespace.of(namespace), "orders")))
        .isFalse();
    assertThat(runner.current()).isEmpty();
    assertThat(runner.history())
        .extracting(HistoryRecord::version, HistoryRecord::status, HistoryRecord::operation)
        .containsExactly(
            tuple("0003", Status.ROLLED_BACK, "downgrade"),
            tuple("0004", Status.ROLLED_BACK, "downgrade"));

    MigrationResult again = runner.migrate(); // the namespace has history now

    assertThat(again.versions()).containsExactly("0001", "0002", "0003", "0004");
    assertThat(again.baseline()).isEmpty();
    assertThat(columns()).isEqualTo(HEAD_COLUMNS);
  }

  @Test
  void anEditedBaselineIsAnEditedVersionUntilRepairAcceptsIt() {
    runner().migrate("0003");
    MigrationRunner edited =
        builder(
                MigrationSource.of(
                    SalesMigrations.V0001__CreateOrders.class,
                    SalesMigrations.V0002__AddRegion.class,
                    SalesMigrations.V0003__PromoteQuantity.class,
                    SalesMigrations.V0004__AddChannel.class,
                    BaselineMigrations.Edited.B0003__Baseline.class))
            .build();

    assertThatThrownBy(edited::validate)
        .isInstanceOfSatisfying(
            MigrationValidationException.class,
            e ->
                assertThat(e.findings())
                    .extracting(ValidationFinding::version, ValidationFinding::kind)
                    .containsExactly(tuple("0003", ValidationFinding.Kind.CHECKSUM_CHANGED)));
    assertThat(edited.status().get(2).checksumChanged()).isTrue();

    assertThat(edited.repair().changes())
        .extracting(RepairResult.Change::version)
        .containsExactly("0003");

    edited.validate();
    assertThat(edited.history().get(0).operation()).isEqualTo("baseline"); // still the baseline's
    assertThat(edited.status())
        .extracting(MigrationStatus::state)
        .containsExactly(State.BELOW_BASELINE, State.BELOW_BASELINE, State.APPLIED, State.PENDING);
  }

  @Test
  void aFailedBaselineIsRecordedWithItsStepsAndRollingBackRunsItsDowngrade() {
    MigrationRunner runner =
        builder(
                MigrationSource.of(
                    SalesMigrations.V0001__CreateOrders.class,
                    SalesMigrations.V0002__AddRegion.class,
                    BaselineMigrations.Failing.B0002__Baseline.class))
            .build();

    assertThatThrownBy(runner::migrate)
        .isInstanceOfSatisfying(
            MigrationException.class,
            e -> {
              assertThat(e.version()).isEqualTo("0002");
              assertThat(e.partialResult().versions()).isEmpty();
              assertThat(e).hasRootCauseMessage("the baseline's second step is not written yet");
            });
    HistoryRecord failed = runner.history().get(0);
    assertThat(failed.status()).isEqualTo(Status.FAILED);
    assertThat(failed.operation()).isEqualTo("baseline");
    assertThat(failed.steps()).hasSize(1);
    assertThat(runner.status())
        .extracting(MigrationStatus::version, MigrationStatus::state)
        .containsExactly(tuple("0001", State.BELOW_BASELINE), tuple("0002", State.FAILED));
    assertThat(runner.lease()).isEmpty();

    assertThat(runner.rollback(1).versions()).containsExactly("0002");

    assertThat(probe.calls()).contains("B0002.downgrade");
    assertThat(catalog.tableExists(TableIdentifier.of(Namespace.of(namespace), "orders")))
        .isFalse();
    assertThat(runner.history().get(0).status()).isEqualTo(Status.ROLLED_BACK);
  }

  @Test
  void stampRecordsTheVersionedMigrationsOfAFreshNamespaceNotItsBaseline() {
    MigrationRunner runner = runner();

    assertThat(runner.stamp("0003").versions()).containsExactly("0001", "0002", "0003");

    assertThat(runner.history()).extracting(HistoryRecord::operation).containsOnly("stamp");
    assertThat(runner.baseline()).isEmpty();
    assertThat(probe.calls()).isEmpty();
  }

  @Test
  void theResolvedMigrationsKeepTheChainAndTheBaselinesApart() {
    MigrationRunner runner = runner();

    assertThat(runner.migrations())
        .extracting(ResolvedMigration::version)
        .containsExactly("0001", "0002", "0003", "0004");
    assertThat(runner.migrations()).noneMatch(ResolvedMigration::isBaseline);
    assertThat(runner.baselines()).allMatch(ResolvedMigration::isBaseline);
  }
}
