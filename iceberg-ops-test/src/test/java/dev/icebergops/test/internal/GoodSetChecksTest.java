package dev.icebergops.test.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.fixtures.Sales;
import dev.icebergops.testing.SharedEnvironment;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A well-behaved migration set passes every check, without warnings, and leaves nothing behind. */
@ExtendWith(SharedEnvironment.class)
class GoodSetChecksTest {

  private Fixture fixture;

  @BeforeEach
  void setUp(IcebergTestEnvironment environment) {
    fixture = new Fixture(environment);
  }

  @ParameterizedTest
  @EnumSource(value = StandardCheck.class, mode = EnumSource.Mode.EXCLUDE, names = "BASELINES")
  void passes(StandardCheck check) {
    MigrationRunner runner = fixture.runner(Sales.reversible());
    MigrationChecks checks = new MigrationChecks(runner, CheckSettings.defaults());

    CheckReport report = run(check).apply(checks);

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    assertThat(report.check()).isEqualTo(check);
    assertThat(fixture.shape().tables()).isEmpty();
    assertThat(runner.current()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0001", "0003", "0005"})
  void noTraceDownToAVersion(String downTo) {
    MigrationChecks checks =
        fixture.checks(Sales.reversible(), new CheckSettings(null, downTo, true));

    CheckReport report = checks.noTrace();

    assertThat(report.passed()).as("%s", report).isTrue();
    assertThat(report.warnings()).isEmpty();
    assertThat(fixture.shape().tables()).isEmpty();
  }

  /** The check of that name, run on its own. */
  static Function<MigrationChecks, CheckReport> run(StandardCheck check) {
    return switch (check) {
      case WELL_FORMED -> MigrationChecks::wellFormed;
      case UPGRADE_TO_HEAD -> MigrationChecks::upgradeToHead;
      case REVERSIBILITY -> MigrationChecks::reversibility;
      case NO_TRACE -> MigrationChecks::noTrace;
      case IDEMPOTENT_UPGRADES -> MigrationChecks::idempotentUpgrades;
      case CONTRACTS ->
          c ->
              c.contracts(
                  ContractLocation.of("classpath:dev/icebergops/test/internal/contracts/good"));
      case HISTORY_AGREES -> MigrationChecks::historyAgrees;
      case DATA_SURVIVES -> MigrationChecks::dataSurvives;
      case DESTRUCTIVE_DECLARED -> MigrationChecks::destructiveDeclared;
      default -> throw new IllegalArgumentException(check.toString());
    };
  }
}
