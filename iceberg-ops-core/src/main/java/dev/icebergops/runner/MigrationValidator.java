package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.ValidationFinding.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Finds what stops a migrate: out-of-order, missing, edited, failed and interrupted versions,
 * versions whose history row was deleted or left unreadable by another writer, and tables in a
 * namespace without history. A version below the baseline that built the namespace is neither
 * pending nor missing; an applied baseline is compared with its own class, so an edited baseline is
 * an edited version.
 */
final class MigrationValidator {

  private MigrationValidator() {}

  static List<ValidationFinding> findings(
      NamespaceState state, String location, boolean outOfOrder) {
    List<ValidationFinding> findings = new ArrayList<>();
    if (!state.tablesWithoutHistory().isEmpty()) {
      findings.add(
          new ValidationFinding(
              null,
              Kind.TABLES_WITHOUT_HISTORY,
              state.tablesWithoutHistoryReason(state.namespace())));
    }
    String highest = state.current();
    state.statuses().stream()
        .map(status -> finding(state, status, location, outOfOrder, highest))
        .filter(Objects::nonNull)
        .forEach(findings::add);
    return findings;
  }

  /** What a version's status stops a migrate for, or null when nothing. */
  private static ValidationFinding finding(
      NamespaceState state,
      MigrationStatus status,
      String location,
      boolean outOfOrder,
      String highest) {
    String version = status.version();
    ResolvedMigration migration = state.migration(version);
    HistoryRecord row = state.row(version);
    String name =
        migration != null ? migration.toString() : version + " (" + row.description() + ")";
    String text =
        switch (status.state()) {
          case MISSING_FROM_HISTORY -> name + ": " + NamespaceState.deletedRowAdvice(version);
          case PENDING, ROLLED_BACK ->
              migration == null || outOfOrder || highest == null || version.compareTo(highest) >= 0
                  ? null
                  : ("%1$s is pending but %2$s is already applied; give it a version above %2$s,"
                          + " or allow it with outOfOrder(true)")
                      .formatted(name, highest);
          case UNREADABLE -> name + ": " + state.unreadable(row);
          case MISSING ->
              ("%s is applied but no %s in %s has that version; restore the class, or roll back to"
                      + " below it with the class restored")
                  .formatted(
                      name,
                      NamespaceState.isBaselineRow(row)
                          ? "baseline class (B" + version + "__)"
                          : "class",
                      location);
          case APPLIED ->
              status.checksumChanged()
                  ? ("%s was applied with checksum %s but its class now has %s; revert the edit, or"
                          + " accept it with repair()")
                      .formatted(name, abbreviate(row.checksum()), abbreviate(migration.checksum()))
                  : null;
          case FAILED ->
              ("%s failed: %s; completed before the failure: %s; roll it back, or fix the tables and"
                      + " run repair() (or stamp(\"%s\"))")
                  .formatted(
                      name,
                      row.error(),
                      row.steps().isEmpty() ? "none" : String.join("; ", row.steps()),
                      version);
          case INTERRUPTED ->
              "%s: %s; roll it back, or check the tables and run repair() (or stamp(\"%s\"))"
                  .formatted(name, NamespaceState.interruption(row), version);
          case RUNNING, BELOW_BASELINE -> null;
        };
    return text == null ? null : new ValidationFinding(version, kind(status.state()), text);
  }

  /** The kind of finding a version's state makes. */
  private static Kind kind(MigrationStatus.State state) {
    return switch (state) {
      case PENDING, ROLLED_BACK -> Kind.OUT_OF_ORDER;
      case UNREADABLE -> Kind.UNREADABLE_ROW;
      case MISSING -> Kind.MISSING_CLASS;
      case APPLIED -> Kind.CHECKSUM_CHANGED;
      default -> Kind.valueOf(state.name()); // FAILED, INTERRUPTED, MISSING_FROM_HISTORY
    };
  }

  private static String abbreviate(String checksum) {
    return checksum == null || checksum.length() <= 12 ? checksum : checksum.substring(0, 12) + "…";
  }
}
