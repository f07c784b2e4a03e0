package dev.icebergops.runner;

import dev.icebergops.migration.ChangeClass;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one pending version would do, as {@link MigrationRunner#preview()} found it on a shadow of
 * the live tables.
 *
 * @param version the version
 * @param description its description
 * @param outcome whether it would apply, fail, or was not reached
 * @param changes what it would change, per table, in the order of the tables' names (for a version
 *     that would fail: what it would commit before failing)
 * @param notPreviewed the steps the shadow could not run (a scan of the live table's data files, an
 *     append to a table with data) or whose effect it cannot show (rows committed, a snapshot
 *     expiry, a delete of a live file), each naming the table or file; never silently skipped
 * @param error the error it would fail with, or null
 * @param dataChanges the data commits and snapshot expiries the shadow ran, each with its class
 *     (also told in {@code notPreviewed}, since their rows are not shown)
 * @param declared what the migration class declares ({@link ChangeClass#declaredBy}): the reason
 *     for its breaking and destructive changes, in class order
 * @param brokenViews the views of the namespace that read a column or a table this version renames
 *     or drops
 */
public record VersionPreview(
    String version,
    String description,
    Outcome outcome,
    List<TableChange> changes,
    List<String> notPreviewed,
    String error,
    List<ClassedChange> dataChanges,
    Map<ChangeClass, String> declared,
    List<ViewBreak> brokenViews) {

  /** How far the preview got with a version. */
  public enum Outcome {
    /** Every step ran on the shadow. */
    PREVIEWED,
    /** A step could not run on the shadow: see {@link VersionPreview#notPreviewed()}. */
    PARTLY_PREVIEWED,
    /** The version would fail with {@link VersionPreview#error()}. */
    FAILS,
    /** An earlier version would fail, so this one would not run. */
    NOT_REACHED
  }

  /** Copies the lists. */
  public VersionPreview {
    changes = List.copyOf(changes);
    notPreviewed = List.copyOf(notPreviewed);
    brokenViews = List.copyOf(brokenViews);
    dataChanges = List.copyOf(dataChanges);
    Map<ChangeClass, String> ordered = new EnumMap<>(ChangeClass.class);
    ordered.putAll(declared);
    declared = Collections.unmodifiableMap(ordered); // in class order
  }

  /**
   * Every change the version would make, with its class: per table (in name order) what becomes of
   * the table as a whole, then its changes; then the data changes.
   */
  public List<ClassedChange> classed() {
    List<ClassedChange> all = new ArrayList<>();
    for (TableChange table : changes) {
      if (table.tableClass() != null) {
        all.add(new ClassedChange(table.tableClass(), table.table(), null, table.becomes()));
      }
      all.addAll(table.changes());
    }
    all.addAll(dataChanges);
    for (ViewBreak b : brokenViews) {
      all.add(
          new ClassedChange(
              ChangeClass.BREAKING, b.table(), b.column(), b.describe("this version")));
    }
    return all;
  }

  /**
   * The changes of class {@code gate} or worse that the migration does not declare.
   *
   * @param gate the least class that needs a declaration: breaking or destructive
   */
  public List<ClassedChange> undeclared(ChangeClass gate) {
    return classed().stream()
        .filter(c -> c.changeClass().compareTo(gate) >= 0 && !c.changeClass().declaredIn(declared))
        .toList();
  }
}
