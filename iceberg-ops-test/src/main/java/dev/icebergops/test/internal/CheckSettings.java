package dev.icebergops.test.internal;

import dev.icebergops.runner.MigrationRunner;
import java.util.List;
import java.util.Set;

/**
 * What the standard checks ({@link MigrationChecks}) tolerate.
 *
 * @param allowedIrreversible versions whose downgrade may throw IrreversibleMigrationException
 * @param downTo the lowest version a down-pass should reach ("0000" for everything)
 * @param strictFieldIds whether field-id drift fails instead of warning
 * @param backfills the values data migrations write, which the data check expects
 */
public record CheckSettings(
    Set<String> allowedIrreversible,
    String downTo,
    boolean strictFieldIds,
    List<ExpectedBackfill> backfills) {

  /** Copies the sets and lists; null means none, a null or blank downTo means "0000". */
  public CheckSettings {
    allowedIrreversible = allowedIrreversible == null ? Set.of() : Set.copyOf(allowedIrreversible);
    downTo = downTo == null || downTo.isBlank() ? MigrationRunner.BASE_VERSION : downTo.trim();
    backfills = backfills == null ? List.of() : List.copyOf(backfills);
  }

  /** Settings without declared backfills. */
  public CheckSettings(Set<String> allowedIrreversible, String downTo, boolean strictFieldIds) {
    this(allowedIrreversible, downTo, strictFieldIds, List.of());
  }

  /** No irreversible version allowed, down to "0000", field-id drift only warns. */
  public static CheckSettings defaults() {
    return new CheckSettings(Set.of(), MigrationRunner.BASE_VERSION, false);
  }
}
