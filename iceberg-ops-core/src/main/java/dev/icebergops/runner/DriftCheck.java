package dev.icebergops.runner;

import static dev.icebergops.runner.ChangeWords.shown;
import static dev.icebergops.runner.ChangeWords.sortOrder;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.DriftFinding.Kind;
import dev.icebergops.schema.FieldChange;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.state.StateDiff;
import dev.icebergops.state.TableDiff;
import dev.icebergops.state.TableState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds, in an empty shadow, the state the applied versions produce (from the baseline that built
 * the namespace, if one did) and compares each table with the live one. The live catalog is only
 * read. A live table whose uuid is not the one the history recorded for it (see {@link TableUuids})
 * was made by hand: the table the migrations made was dropped, and it is reported as replaced. Of a
 * table no row lists (rows written before the history recorded uuids), one created after the
 * history's last commit counts as replaced.
 */
record DriftCheck(NamespaceView view) {

  private static final Logger LOG = LoggerFactory.getLogger(DriftCheck.class);

  /**
   * The properties Iceberg gives every new table (such as the Parquet compression codec): a catalog
   * may give its own defaults instead, so such a key counts as the migrations' only when they set
   * another value.
   */
  private static final Map<String, String> NEW_TABLE_DEFAULTS =
      TableMetadata.newTableMetadata(
              new Schema(), PartitionSpec.unpartitioned(), "shadow://defaults", Map.of())
          .properties();

  /**
   * Compares the live tables (but the history table) with what the applied versions make.
   *
   * @throws IllegalStateException if the namespace has no history (see {@link #neverMigrated}), an
   *     applied version has no migration, or the replay fails
   */
  DriftReport check() {
    String namespace = view.namespace();
    NamespaceState state = view.readState();
    if (state.rows().isEmpty()) {
      throw new IllegalStateException(
          "Cannot check drift of " + namespace + ": " + neverMigrated(state));
    }
    List<String> liveTables = view.tablesOfNamespace();
    List<ResolvedMigration> applied = applied(state);
    ShadowCatalog expected = new ShadowCatalog(null);
    for (ResolvedMigration migration : applied) {
      ShadowRun.Ended ended = ShadowRun.upgrade(expected, namespace, migration);
      if (ended.error() != null) {
        throw new IllegalStateException(
            "Cannot check drift of %s: replaying the migrations on an empty shadow failed: %s"
                .formatted(namespace, ended.message(migration, namespace)),
            ended.error());
      }
    }
    LOG.info("Replayed {} versions of {} on a shadow to check drift", applied.size(), namespace);
    Map<String, TableState> have = new TreeMap<>();
    liveTables.forEach(table -> load(namespace + "." + table, have));
    NamespaceTables.views(view.catalog(), TableNames.namespace(namespace))
        .forEach((id, view) -> have.put(id.toString(), TableState.of(id.toString(), view)));
    TableMetadata history = metadata(view.historyTable()); // when it was last committed to
    Long lastCommit = history == null ? null : history.lastUpdatedMillis();
    Map<String, String> recorded = TableUuids.recorded(state.rows());
    Map<String, TableState> want = new TreeMap<>();
    PreviewRun.states(expected.tables().held(), expected.views().held())
        .forEach(
            (name, made) -> {
              String uuid = made.isView() ? null : recorded.get(TableIdentifier.parse(name).name());
              if (!made.isView()) {
                load(name, have);
              }
              want.put(name, asMade(made, have.get(name), uuid, lastCommit));
            });
    List<DriftFinding> findings = new ArrayList<>();
    StateDiff.between(want, have).forEach(diff -> findings(diff, findings));
    return new DriftReport(namespace, state.current(), findings);
  }

  /**
   * Why a namespace without history cannot be checked: there is nothing to compare with, and "no
   * drift" would turn a gate with a mistyped or never migrated namespace green forever. An existing
   * namespace with no table and no history is refused too: it is most likely such a namespace.
   */
  private String neverMigrated(NamespaceState state) {
    if (!state.tablesWithoutHistory().isEmpty()) {
      return state.tablesWithoutHistoryReason("it");
    }
    boolean exists =
        !(view.catalog() instanceof SupportsNamespaces namespaces)
            || namespaces.namespaceExists(TableNames.namespace(view.namespace()));
    return (exists
            ? "it has no table and no history in " + view.historyTable()
            : "no such namespace")
        + ": check its name, or migrate it first";
  }

  /**
   * What the migrations made, with the identity and place of the live table they made: its uuid
   * unless it is not the recorded one (with none recorded: unless it was created after the
   * history's last commit), and where it was created unless the migrations chose the location.
   */
  private static TableState asMade(
      TableState made, TableState live, String recordedUuid, Long lastCommit) {
    if (live == null) {
      return made;
    }
    Long created = live.origin().createdAtMillis();
    boolean replaced =
        recordedUuid != null
            ? !recordedUuid.equals(live.uuid())
            : created != null && lastCommit != null && created > lastCommit;
    String location =
        !made.location().startsWith("shadow://")
            ? made.location()
            : Objects.requireNonNullElse(live.origin().location(), live.location());
    return made.comparedAs(
        replaced ? made.uuid() : live.uuid(), location, made.schema(), made.properties());
  }

  /** Adds a finding of one table. */
  private interface Found {
    void add(Kind kind, String subject, String expected, String actual);
  }

  private static void findings(TableDiff diff, List<DriftFinding> out) {
    Found found =
        (kind, subject, want, have) ->
            out.add(new DriftFinding(diff.name(), kind, subject, want, have));
    String object = (diff.after() != null ? diff.after() : diff.before()).isView() ? "view" : null;
    switch (diff.kind()) {
      case CREATED, RENAMED -> found.add(Kind.TABLE_UNEXPECTED, object, null, null);
      case DROPPED -> found.add(Kind.TABLE_MISSING, object, null, null);
      case REPLACED -> found.add(Kind.TABLE_REPLACED, null, null, diff.after().uuid());
      case CHANGED -> {}
    }
    if (diff.before() == null || diff.after() == null || diff.kind() == TableChange.Kind.RENAMED) {
      return;
    }
    diff.schema().added().forEach(c -> found.add(Kind.COLUMN_ADDED, c.name(), null, c.newType()));
    diff.schema()
        .removed()
        .forEach(c -> found.add(Kind.COLUMN_MISSING, c.name(), c.oldType(), null));
    for (FieldChange c : diff.schema().changed()) {
      switch (c.changeType()) {
        case RENAMED -> found.add(Kind.COLUMN_RENAMED, c.oldName(), c.oldName(), c.name());
        case TYPE_CHANGED -> found.add(Kind.TYPE, c.name(), c.oldType(), c.newType());
        case DOC_CHANGED -> found.add(Kind.DOC, c.name(), quote(c.oldDoc()), quote(c.newDoc()));
        case DEFAULT_CHANGED ->
            found.add(
                Kind.DEFAULT,
                c.name(),
                FieldChange.defaults(c.oldDefault()),
                FieldChange.defaults(c.newDefault()));
        default ->
            found.add(
                Kind.NULLABILITY, c.name(), required(c.oldRequired()), required(c.newRequired()));
      }
    }
    queries(diff.before(), diff.after(), found);
    diff.partitionRemoved().stream()
        .map(ChangeWords::partitionField)
        .forEach(f -> found.add(Kind.PARTITION_FIELD_MISSING, f, f, null));
    diff.partitionAdded().stream()
        .map(ChangeWords::partitionField)
        .forEach(f -> found.add(Kind.PARTITION_FIELD_ADDED, f, null, f));
    layout(diff, found);
  }

  /** The SQL of a view, by dialect, that differs from what the migrations made. */
  private static void queries(TableState want, TableState have, Found found) {
    if (!want.isView() || !have.isView()) {
      return;
    }
    Set<String> dialects = new TreeSet<>(want.view().keySet());
    dialects.addAll(have.view().keySet());
    for (String dialect : dialects) {
      String wanted = want.view().get(dialect);
      String actual = have.view().get(dialect);
      if (!Objects.equals(wanted, actual)) {
        found.add(Kind.VIEW_QUERY, dialect, wanted, actual);
      }
    }
  }

  /** The sort order, identifier fields, column order, format version, location and properties. */
  private static void layout(TableDiff diff, Found found) {
    TableState want = diff.before();
    TableState have = diff.after();
    if (diff.sortOrderChanged()) {
      found.add(Kind.SORT_ORDER, null, sortOrder(want), sortOrder(have));
    }
    if (diff.identifierFieldsChanged()) {
      found.add(
          Kind.IDENTIFIER_FIELDS,
          null,
          TableDiff.identifierFields(want).toString(),
          TableDiff.identifierFields(have).toString());
    }
    List<List<String>> order = diff.columnOrders().get("");
    if (order != null) {
      found.add(
          Kind.COLUMN_ORDER,
          null,
          String.join(", ", order.get(0)),
          String.join(", ", order.get(1)));
    }
    if (diff.formatVersionChanged()) {
      found.add(Kind.FORMAT_VERSION, null, "" + want.formatVersion(), "" + have.formatVersion());
    }
    if (diff.locationChanged()) {
      found.add(Kind.LOCATION, null, want.location(), have.location());
    }
    diff.properties().stream()
        .filter(p -> p.before() != null && !p.before().equals(NEW_TABLE_DEFAULTS.get(p.key())))
        .forEach(
            p ->
                found.add(
                    Kind.PROPERTY, p.key(), shown(p.key(), p.before()), shown(p.key(), p.after())));
  }

  /** The migrations of the applied versions, in order: the baseline that built it first. */
  private List<ResolvedMigration> applied(NamespaceState state) {
    List<ResolvedMigration> applied = new ArrayList<>();
    for (MigrationStatus status : state.statuses()) {
      if (status.state() != MigrationStatus.State.APPLIED) {
        continue;
      }
      ResolvedMigration migration = state.migration(status.version());
      if (migration == null) {
        throw new IllegalStateException(
            "Cannot check drift of %s: version %s is applied but no migration has it"
                .formatted(view.namespace(), status.version()));
      }
      applied.add(migration);
    }
    return applied;
  }

  /** Adds the live table's state, if there is such a table and it was not read yet. */
  private void load(String name, Map<String, TableState> have) {
    if (!have.containsKey(name)) {
      TableMetadata metadata = metadata(TableIdentifier.parse(name));
      if (metadata != null) {
        have.put(name, TableState.of(name, metadata));
      }
    }
  }

  private TableMetadata metadata(TableIdentifier id) {
    return ShadowCatalog.liveTable(view.catalog(), id, "check drift of " + id);
  }

  private static String quote(String doc) {
    return doc == null ? "(none)" : "'" + doc + "'";
  }

  private static String required(Boolean value) {
    return Boolean.TRUE.equals(value) ? "required" : "optional";
  }
}
