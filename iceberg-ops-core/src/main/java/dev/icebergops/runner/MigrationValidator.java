package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.ValidationFinding.Kind;
import java.util.ArrayList;
import java.util.List;

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
    for (MigrationStatus status : VersionStatuses.of(state)) {
      ValidationFinding found = finding(state, status, location, outOfOrder, highest);
      if (found != null) {
        findings.add(found);
      }
    }
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
    return switch (status.state()) {
      case MISSING_FROM_HISTORY ->
          new ValidationFinding(
              version,
              Kind.MISSING_FROM_HISTORY,
              name + ": " + NamespaceState.deletedRowAdvice(version));
      case PENDING, ROLLED_BACK ->
          migration == null || outOfOrder || highest == null || version.compareTo(highest) >= 0
              ? null
              : outOfOrder(version, name, highest);
      case UNREADABLE ->
          new ValidationFinding(version, Kind.UNREADABLE_ROW, name + ": " + state.unreadable(row));
      case MISSING -> missingClass(version, name, row, location);
      case APPLIED ->
          status.checksumChanged() ? checksumChanged(version, name, migration, row) : null;
      case FAILED -> failed(version, name, row);
      case INTERRUPTED ->
          new ValidationFinding(
              version,
              Kind.INTERRUPTED,
              name
                  + ": "
                  + NamespaceState.interruption(row)
                  + "; roll it back, or check the tables and run repair() (or stamp(\""
                  + version
                  + "\"))");
      case RUNNING, BELOW_BASELINE -> null;
    };
  }

  private static ValidationFinding outOfOrder(String version, String name, String highest) {
    return new ValidationFinding(
        version,
        Kind.OUT_OF_ORDER,
        name
            + " is pending but "
            + highest
            + " is already applied; give it a version above "
            + highest
            + ", or allow it with outOfOrder(true)");
  }

  private static ValidationFinding missingClass(
      String version, String name, HistoryRecord row, String location) {
    return new ValidationFinding(
        version,
        Kind.MISSING_CLASS,
        name
            + " is applied but no "
            + (NamespaceState.isBaselineRow(row) ? "baseline class (B" + version + "__)" : "class")
            + " in "
            + location
            + " has that version; restore the class, or roll back to below it with the"
            + " class restored");
  }

  private static ValidationFinding checksumChanged(
      String version, String name, ResolvedMigration migration, HistoryRecord row) {
    return new ValidationFinding(
        version,
        Kind.CHECKSUM_CHANGED,
        name
            + " was applied with checksum "
            + abbreviate(row.checksum())
            + " but its class now has "
            + abbreviate(migration.checksum())
            + "; revert the edit, or accept it with repair()");
  }

  private static ValidationFinding failed(String version, String name, HistoryRecord row) {
    return new ValidationFinding(
        version,
        Kind.FAILED,
        name
            + " failed: "
            + row.error()
            + "; completed before the failure: "
            + (row.steps().isEmpty() ? "none" : String.join("; ", row.steps()))
            + "; roll it back, or fix the tables and run repair() (or stamp(\""
            + version
            + "\"))");
  }

  private static String abbreviate(String checksum) {
    return checksum == null || checksum.length() <= 12 ? checksum : checksum.substring(0, 12) + "…";
  }
}
