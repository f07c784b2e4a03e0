package dev.icebergops.runner;

import dev.icebergops.migration.ChangeClass;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.state.StateDiff;
import dev.icebergops.state.TableDiff;
import dev.icebergops.state.TableState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.view.ViewMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs pending versions, in order, on a shadow of the live catalog and reports what each would
 * change. The live catalog is only read: each table's current metadata, the first time a version
 * asks for it.
 */
record PreviewRun(NamespaceView view) {

  private static final Logger LOG = LoggerFactory.getLogger(PreviewRun.class);

  /** See {@link MigrationRunner#preview()}. */
  MigrationPreview run() {
    NamespaceState state = view.readState();
    List<ResolvedMigration> pending = view.pending(state);
    ShadowCatalog shadow = new ShadowCatalog(view.catalog());
    ViewChecks views = ViewChecks.of(view);
    List<VersionPreview> versions = new ArrayList<>();
    boolean failed = false;
    for (ResolvedMigration migration : pending) {
      VersionPreview version =
          failed
              ? new VersionPreview(
                  migration.version(),
                  migration.description(),
                  VersionPreview.Outcome.NOT_REACHED,
                  List.of(),
                  List.of(),
                  null,
                  List.of(),
                  ChangeClass.declaredBy(migration.migration().getClass()),
                  List.of())
              : preview(shadow, views, migration);
      failed |= version.outcome() == VersionPreview.Outcome.FAILS;
      versions.add(version);
    }
    return new MigrationPreview(view.namespace(), state.current(), versions);
  }

  private VersionPreview preview(
      ShadowCatalog shadow, ViewChecks views, ResolvedMigration migration) {
    String namespace = view.namespace();
    Map<TableIdentifier, TableMetadata> before = new HashMap<>(shadow.tables().held());
    Map<TableIdentifier, ViewMetadata> viewsBefore = new HashMap<>(shadow.views().held());
    Set<TableIdentifier> loaded = shadow.tables().loadedFromLive().keySet();
    Set<TableIdentifier> viewsLoaded = shadow.views().loadedFromLive().keySet();
    LOG.info("Previewing migration {} of {} on a shadow", migration, namespace);
    ShadowRun.Ended ended = ShadowRun.upgrade(shadow, namespace, migration);
    Map<TableIdentifier, TableMetadata> after = shadow.tables().held();
    // first touched by this version: as it is live
    before.putAll(shadow.tables().loadedFromLiveBut(loaded));
    viewsBefore.putAll(shadow.views().loadedFromLiveBut(viewsLoaded));
    Map<String, TableState> statesBefore = states(before, viewsBefore);
    Map<String, TableState> statesAfter = states(after, shadow.views().held());
    List<TableChange> changes =
        StateDiff.between(statesBefore, statesAfter).stream().map(TableChange::of).toList();
    List<TableChange> forViews = ViewChecks.byName(statesBefore, statesAfter);
    List<ClassedChange> data = new ArrayList<>();
    List<String> notPreviewed = notOnShadow(before, after, shadow.drainUnheld(), ended, data);
    notPreviewed.addAll(views.unread(forViews));
    VersionPreview.Outcome outcome =
        notPreviewed.isEmpty()
            ? VersionPreview.Outcome.PREVIEWED
            : VersionPreview.Outcome.PARTLY_PREVIEWED;
    String error = null;
    if (ended.error() != null && ended.notOnShadow() == null) {
      outcome = VersionPreview.Outcome.FAILS;
      error = ended.message(migration, namespace);
    }
    List<ViewBreak> broken = views.broken(forViews, id -> schemaBefore(before, id));
    return new VersionPreview(
        migration.version(),
        migration.description(),
        outcome,
        changes,
        notPreviewed,
        error,
        data,
        ChangeClass.declaredBy(migration.migration().getClass()),
        broken);
  }

  /** A table's schema before the version: as the shadow held it, else as it is live; or null. */
  private Schema schemaBefore(Map<TableIdentifier, TableMetadata> before, TableIdentifier id) {
    TableMetadata metadata = before.get(id);
    if (metadata != null) {
      return metadata.schema();
    }
    try {
      return view.catalog().loadTable(id).schema();
    } catch (NoSuchTableException e) {
      return null;
    }
  }

  /** The state of each table and view, by full name. */
  static Map<String, TableState> states(
      Map<TableIdentifier, TableMetadata> tables, Map<TableIdentifier, ViewMetadata> views) {
    Map<String, TableState> states = new HashMap<>();
    tables.forEach(
        (id, metadata) -> states.put(id.toString(), TableState.of(id.toString(), metadata)));
    views.forEach(
        (id, metadata) -> states.put(id.toString(), TableState.of(id.toString(), metadata)));
    return states;
  }

  /**
   * What a version did on the shadow whose effect the shadow cannot show, and what it could not run
   * there; a failed read of a live file that was caught (by Iceberg's file cleanup, by the version)
   * is told too.
   */
  private static List<String> notOnShadow(
      Map<TableIdentifier, TableMetadata> before,
      Map<TableIdentifier, TableMetadata> after,
      ShadowFileIO.Unheld unheld,
      ShadowRun.Ended ended,
      List<ClassedChange> data) {
    List<String> notes = new ArrayList<>(ended.leftOut());
    after.keySet().stream()
        .sorted(Comparator.comparing(Object::toString))
        .forEach(
            id ->
                notes.addAll(
                    tableNotes(id, was(before, id, after.get(id)), after.get(id), unheld, data)));
    if (ended.notOnShadow() != null) {
      notes.add(
          ("%s reads %s, a file of the live table that the shadow does not hold; the rest of the"
                  + " upgrade was not run")
              .formatted(
                  ended.step() == null ? "upgrade" : "step '" + ended.step() + "'",
                  ended.notOnShadow().location()));
    } else if (ended.error() == null && !unheld.reads().isEmpty()) {
      notes.add(
          files("reads", unheld.reads())
              + " that the shadow does not hold; the failed read was caught and the version went"
              + " on: what it does with them in production is not previewed");
    }
    if (!unheld.deletes().isEmpty()) {
      notes.add(files("deletes", unheld.deletes()) + ": in production they are deleted");
    }
    return notes;
  }

  /** The table as it was before the version, also under its earlier name when it renamed it. */
  private static TableMetadata was(
      Map<TableIdentifier, TableMetadata> before, TableIdentifier id, TableMetadata is) {
    return is.uuid() == null
        ? before.get(id)
        : before.values().stream().filter(m -> is.uuid().equals(m.uuid())).findFirst().orElse(null);
  }

  /**
   * What the shadow ran on one table without showing its effect: a commit of data (a new snapshot)
   * runs in memory only, so its rows are not previewed; an expiry of snapshots removes them from
   * the shadow's metadata, but in production it also deletes the files only they reference (when
   * Iceberg's cleanup asked the shadow for files of the table: those are taken out of {@code
   * unheld}, told by this note). Each is also added to {@code data} with its class.
   */
  private static List<String> tableNotes(
      TableIdentifier id,
      TableMetadata was,
      TableMetadata is,
      ShadowFileIO.Unheld unheld,
      List<ClassedChange> data) {
    List<String> notes = new ArrayList<>();
    Snapshot snapshot = is == null ? null : is.currentSnapshot();
    Snapshot previous = was == null ? null : was.currentSnapshot();
    if (snapshot != null
        && (previous == null || !Objects.equals(snapshot.snapshotId(), previous.snapshotId()))) {
      notes.add(
          "data commit (%s) to %s: run on the shadow only, its rows are not previewed"
              .formatted(snapshot.operation(), id));
      String table = id.toString();
      data.add(
          new ClassedChange(TableDiff.dataClass(snapshot.operation()), table, null, notes.get(0)));
    }
    long expired =
        was == null
            ? 0
            : was.snapshots().stream().filter(s -> is.snapshot(s.snapshotId()) == null).count();
    if (expired > 0) {
      String under = is.location() + "/";
      boolean cleaned =
          unheld.reads().removeIf(f -> f.startsWith(under))
              | unheld.deletes().removeIf(f -> f.startsWith(under));
      notes.add(
          "expire snapshots of %s: would delete %s of its %s snapshots%s"
              .formatted(
                  id,
                  expired,
                  was.snapshots().size(),
                  cleaned ? " and the files only they reference" : ""));
      String note = notes.get(notes.size() - 1);
      data.add(new ClassedChange(ChangeClass.DESTRUCTIVE, id.toString(), null, note));
    }
    return notes;
  }

  /** Files of the live tables a version read or deleted, naming the first. */
  private static String files(String verb, Set<String> locations) {
    return "%s %s %s of the live tables (first %s)"
        .formatted(
            verb,
            locations.size(),
            locations.size() == 1 ? "file" : "files",
            locations.iterator().next());
  }
}
