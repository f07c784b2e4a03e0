package dev.icebergops.runner;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.runner.ValidationFinding.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

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
    TreeSet<String> versions = new TreeSet<>();
    state.migrations().forEach(m -> versions.add(m.version()));
    state.rows().forEach(r -> versions.add(r.version()));
    for (String version : versions) {
      ResolvedMigration migration = state.migration(version);
      HistoryRecord row = state.row(version);
      String name =
          migration != null ? migration.toString() : version + " (" + row.description() + ")";
      if (row == null && state.isDeletedRow(version)) {
        findings.add(
            new ValidationFinding(
                version,
                Kind.MISSING_FROM_HISTORY,
                name + ": " + NamespaceState.deletedRowAdvice(version)));
        continue;
      }
      boolean pending =
          row == null || row.status() == Status.ROLLED_BACK || row.status() == Status.PENDING;
      if (pending
          && migration != null
          && !state.isBelowBaseline(version)
          && !outOfOrder
          && highest != null
          && version.compareTo(highest) < 0) {
        findings.add(
            new ValidationFinding(
                version,
                Kind.OUT_OF_ORDER,
                name
                    + " is pending but "
                    + highest
                    + " is already applied; give it a version above "
                    + highest
                    + ", or allow it with outOfOrder(true)"));
      }
      if (row != null) {
        ValidationFinding found = rowFinding(state, version, name, location);
        if (found != null) {
          findings.add(found);
        }
      }
    }
    return findings;
  }

  /** What a version's stored row stops a migrate for, or null when nothing. */
  private static ValidationFinding rowFinding(
      NamespaceState state, String version, String name, String location) {
    ResolvedMigration migration = state.migration(version);
    HistoryRecord row = state.row(version);
    if (row.status() == Status.UNREADABLE) {
      return new ValidationFinding(
          version, Kind.UNREADABLE_ROW, name + ": " + state.unreadable(row));
    } else if (row.status() == Status.APPLIED && migration == null) {
      return new ValidationFinding(
          version,
          Kind.MISSING_CLASS,
          name
              + " is applied but no "
              + (NamespaceState.isBaselineRow(row)
                  ? "baseline class (B" + version + "__)"
                  : "class")
              + " in "
              + location
              + " has that version; restore the class, or roll back to below it with the"
              + " class restored");
    } else if (NamespaceState.isChanged(migration, row)) {
      return new ValidationFinding(
          version,
          Kind.CHECKSUM_CHANGED,
          name
              + " was applied with checksum "
              + abbreviate(row.checksum())
              + " but its class now has "
              + abbreviate(migration.checksum())
              + "; revert the edit, or accept it with repair()");
    } else if (row.status() == Status.FAILED) {
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
    } else if (state.isInterrupted(row)) {
      return new ValidationFinding(
          version,
          Kind.INTERRUPTED,
          name
              + ": "
              + NamespaceState.interruption(row)
              + "; roll it back, or check the tables and run repair() (or stamp(\""
              + version
              + "\"))");
    }
    return null;
  }

  private static String abbreviate(String checksum) {
    return checksum == null || checksum.length() <= 12 ? checksum : checksum.substring(0, 12) + "…";
  }
}
