package dev.icebergops.test.assertj;

import static java.util.stream.Collectors.toSet;

import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.MigrationStatus;
import dev.icebergops.test.internal.CheckReport;
import dev.icebergops.test.internal.CheckSettings;
import dev.icebergops.test.internal.MigrationChecks;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a {@link MigrationRunner}: where its namespace stands, and the standard
 * reversibility and idempotency checks. Every failure shows the status of every version.
 *
 * <pre>{@code
 * assertThat(runner).hasPending("0001", "0002");
 * runner.migrate();
 * assertThat(runner).isAtHead().hasCurrentVersion("0002");
 *
 * // on a runner whose namespace is still empty:
 * assertThat(freshRunner).isReversible().hasIdempotentUpgrades().preservesData();
 * }</pre>
 *
 * <p>{@link #isReversible()}, {@link #hasIdempotentUpgrades()} and {@link #preservesData()} migrate
 * and roll back the runner's namespace themselves: it must hold nothing (no table, no history) when
 * they start.
 */
public class MigrationRunnerAssert extends AbstractAssert<MigrationRunnerAssert, MigrationRunner> {

  /**
   * Creates the assertion; prefer {@link IcebergOpsAssertions#assertThat(MigrationRunner)}.
   *
   * @param actual the runner under test
   */
  public MigrationRunnerAssert(MigrationRunner actual) {
    super(actual, MigrationRunnerAssert.class);
  }

  /**
   * Verifies that every version is applied; the failure lists the others (pending, failed,
   * interrupted, rolled back or running).
   */
  public MigrationRunnerAssert isAtHead() {
    isNotNull();
    List<MigrationStatus> status = actual.status();
    List<String> notApplied =
        status.stream()
            .filter(s -> !s.state().isApplied())
            .map(MigrationRunnerAssert::line)
            .toList();
    if (!notApplied.isEmpty()) {
      String count = notApplied.size() == 1 ? "1 version is" : notApplied.size() + " versions are";
      throwAssertionError(
          Failure.expecting(
              statusText(status),
              "to be at head (every version applied)%nbut %s not applied:%n%s",
              Failure.text(count),
              Failure.lines(notApplied)));
    }
    return myself;
  }

  /** Verifies that {@code version} is the highest applied version. */
  public MigrationRunnerAssert hasCurrentVersion(String version) {
    Objects.requireNonNull(version, "version");
    isNotNull();
    String current = actual.current().orElse(null);
    if (!version.equals(current)) {
      throwAssertionError(
          Failure.expecting(
              statusText(actual.status()),
              current == null
                  ? "to have current version:%n  %s%nbut no version is applied"
                  : "to have current version:%n  %s%nbut was:%n  %s",
              version,
              current));
    }
    return myself;
  }

  /** Verifies that exactly these versions are pending, in this order (none: nothing pending). */
  public MigrationRunnerAssert hasPending(String... versions) {
    Objects.requireNonNull(versions, "versions");
    isNotNull();
    List<MigrationStatus> status = actual.status();
    List<String> pending =
        status.stream().filter(s -> s.state().isPending()).map(MigrationStatus::version).toList();
    if (!pending.equals(List.of(versions))) {
      throwAssertionError(
          Failure.expecting(
              statusText(status),
              "to have exactly these pending versions, in order:%n  %s%nbut they are:%n  %s",
              List.of(versions),
              pending));
    }
    return myself;
  }

  /**
   * Verifies, on an empty namespace, that every version's downgrade undoes its upgrade (the
   * staircase: up one, down one, compare, up again); the failure names the version and shows what
   * differs.
   */
  public MigrationRunnerAssert isReversible() {
    return isReversibleExcept();
  }

  /**
   * Like {@link #isReversible()}, but the given versions may declare their downgrade irreversible
   * (throw {@code IrreversibleMigrationException}); that is then a warning, not a failure.
   */
  public MigrationRunnerAssert isReversibleExcept(String... irreversibleVersions) {
    Objects.requireNonNull(irreversibleVersions, "irreversibleVersions");
    isNotNull();
    return passes(checks(Set.of(irreversibleVersions)).reversibility());
  }

  /**
   * Verifies, on an empty namespace, that running each version's upgrade again on its own result
   * commits nothing and changes nothing.
   */
  public MigrationRunnerAssert hasIdempotentUpgrades() {
    isNotNull();
    return passes(checks(Set.of()).idempotentUpgrades());
  }

  /**
   * Verifies, on an empty namespace, that data survives every version: rows generated at each
   * version read back by field id at head and after each downgrade (renamed, promoted and archived
   * columns keep their values). The failure names the version, table, column and field id, with
   * sample rows before and after. A version whose migration class is {@code @Destructive} may lose
   * data on purpose; an irreversible downgrade ends the down-pass without failing: reversibility is
   * {@link #isReversible()}'s to check.
   */
  public MigrationRunnerAssert preservesData() {
    isNotNull();
    Set<String> all = actual.migrations().stream().map(m -> m.version()).collect(toSet());
    return passes(checks(all).dataSurvives());
  }

  private MigrationChecks checks(Set<String> irreversible) {
    return new MigrationChecks(
        actual, new CheckSettings(irreversible, MigrationRunner.BASE_VERSION, false));
  }

  private MigrationRunnerAssert passes(CheckReport report) {
    if (!report.passed()) {
      // the report's own message, already in this layout, naming the version and showing the diff
      throwAssertionError(Failure.of("%n%s", Failure.text(report.failureMessage())));
    }
    return myself;
  }

  private String statusText(List<MigrationStatus> status) {
    String header = "namespace " + actual.namespace();
    return status.isEmpty()
        ? header + " without migrations"
        : Failure.headed(header, status.stream().map(MigrationRunnerAssert::line).toList());
  }

  private static String line(MigrationStatus status) {
    String line =
        status.version()
            + " ("
            + status.description()
            + "): "
            + status.state().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    return status.error() == null ? line : line + " - " + status.error();
  }
}
