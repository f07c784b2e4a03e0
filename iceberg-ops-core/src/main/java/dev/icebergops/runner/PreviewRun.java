package dev.icebergops.runner;

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
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs pending versions, in order, on a shadow of the live catalog and reports what each would
 * change. The live catalog is only read: each table's current metadata, the first time a version
 * asks for it.
 */
final class PreviewRun {

  private static final Logger LOG = LoggerFactory.getLogger(PreviewRun.class);

  private final NamespaceView view;
  private final String namespace;

  PreviewRun(NamespaceView view) {
    this.view = view;
    this.namespace = view.namespace();
  }

  /** See {@link MigrationRunner#preview()}. */
  MigrationPreview run() {
    NamespaceState state = view.readState();
    List<ResolvedMigration> pending = view.pending(state);
    ShadowCatalog shadow = ShadowCatalog.of(view.catalog());
    List<VersionPreview> versions = new ArrayList<>();
    boolean failed = false;
    for (ResolvedMigration migration : pending) {
      if (failed) {
        versions.add(
            new VersionPreview(
                migration.version(),
                migration.description(),
                VersionPreview.Outcome.NOT_REACHED,
                List.of(),
                List.of(),
                null));
        continue;
      }
      VersionPreview version = preview(shadow, migration);
      failed = version.outcome() == VersionPreview.Outcome.FAILS;
      versions.add(version);
    }
    return new MigrationPreview(namespace, state.current(), versions);
  }

  private VersionPreview preview(ShadowCatalog shadow, ResolvedMigration migration) {
    Map<TableIdentifier, TableMetadata> before = new HashMap<>(shadow.tables());
    Set<TableIdentifier> loaded = shadow.loadedFromLive().keySet();
    LOG.info("Previewing migration {} of {} on a shadow", migration, namespace);
    ShadowRun.Ended ended = ShadowRun.upgrade(shadow, namespace, migration);
    Map<TableIdentifier, TableMetadata> after = shadow.tables();
    shadow
        .loadedFromLive()
        .forEach(
            (id, table) -> {
              if (!loaded.contains(id)) {
                before.put(id, table); // first touched by this version: as it is live
              }
            });
    List<TableChange> changes = new ArrayList<>();
    StateDiff.between(states(before), states(after)).forEach(diff -> changes.add(change(diff)));
    List<String> notPreviewed = new ArrayList<>();
    for (TableIdentifier id :
        after.keySet().stream().sorted(Comparator.comparing(Object::toString)).toList()) {
      dataCommit(id, before.get(id), after.get(id)).ifPresent(notPreviewed::add);
    }
    VersionPreview.Outcome outcome = VersionPreview.Outcome.PREVIEWED;
    String error = null;
    if (ended.error() != null && ended.notOnShadow() != null) {
      outcome = VersionPreview.Outcome.PARTLY_PREVIEWED;
      notPreviewed.add(
          (ended.step() == null ? "upgrade" : "step '" + ended.step() + "'")
              + " reads "
              + ended.notOnShadow().location()
              + ", a file of the live table that the shadow does not hold; the rest of the"
              + " upgrade was not run");
    } else if (ended.error() != null) {
      outcome = VersionPreview.Outcome.FAILS;
      error = ended.message(migration, namespace);
    } else if (!notPreviewed.isEmpty()) {
      outcome = VersionPreview.Outcome.PARTLY_PREVIEWED;
    }
    return new VersionPreview(
        migration.version(), migration.description(), outcome, changes, notPreviewed, error);
  }

  private static Map<String, TableState> states(Map<TableIdentifier, TableMetadata> tables) {
    Map<String, TableState> states = new HashMap<>();
    tables.forEach(
        (id, metadata) -> states.put(id.toString(), TableState.of(id.toString(), metadata)));
    return states;
  }

  /** What a version does to one table, in the preview's words. */
  static TableChange change(TableDiff diff) {
    List<String> spec = new ArrayList<>();
    diff.partitionAdded().forEach(f -> spec.add("added " + PreviewRendering.partitionField(f)));
    diff.partitionRemoved().forEach(f -> spec.add("removed " + PreviewRendering.partitionField(f)));
    String order =
        diff.sortOrderChanged()
            ? PreviewRendering.sortOrder(
                    diff.kind() == TableChange.Kind.CREATED ? null : diff.before())
                + " -> "
                + PreviewRendering.sortOrder(diff.after())
            : null;
    List<String> properties = new ArrayList<>();
    for (TableDiff.PropertyChange p : diff.properties()) {
      String key = p.key();
      properties.add(
          p.before() == null
              ? "set " + key + " = " + DriftCheck.shown(key, p.after())
              : p.after() == null
                  ? "removed " + key + " (was " + DriftCheck.shown(key, p.before()) + ")"
                  : "changed "
                      + key
                      + ": "
                      + DriftCheck.shown(key, p.before())
                      + " -> "
                      + DriftCheck.shown(key, p.after()));
    }
    String from = diff.kind() == TableChange.Kind.RENAMED ? diff.before().name() : null;
    return new TableChange(diff.name(), diff.kind(), diff.schema(), spec, order, properties, from);
  }

  /** A commit of data (a new snapshot) is run in memory only: its rows are not previewed. */
  private static java.util.Optional<String> dataCommit(
      TableIdentifier id, TableMetadata was, TableMetadata is) {
    Snapshot snapshot = is == null ? null : is.currentSnapshot();
    Snapshot previous = was == null ? null : was.currentSnapshot();
    if (snapshot == null
        || previous != null && Objects.equals(snapshot.snapshotId(), previous.snapshotId())) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        "data commit ("
            + snapshot.operation()
            + ") to "
            + id
            + ": run on the shadow only, its rows are not previewed");
  }
}
