package dev.icebergops.runner;

import java.util.List;

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
 * @param brokenViews the views of the namespace that read a column this version renames or drops
 */
public record VersionPreview(
    String version,
    String description,
    Outcome outcome,
    List<TableChange> changes,
    List<String> notPreviewed,
    String error,
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
  }

  /** A version that breaks no view. */
  public VersionPreview(
      String version,
      String description,
      Outcome outcome,
      List<TableChange> changes,
      List<String> notPreviewed,
      String error) {
    this(version, description, outcome, changes, notPreviewed, error, List.of());
  }
}
