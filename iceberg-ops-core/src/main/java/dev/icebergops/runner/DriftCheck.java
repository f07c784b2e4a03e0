package dev.icebergops.runner;

import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.redaction.Redaction;
import dev.icebergops.runner.DriftFinding.Kind;
import dev.icebergops.schema.FieldChange;
import dev.icebergops.state.StateDiff;
import dev.icebergops.state.TableDiff;
import dev.icebergops.state.TableState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds, in an empty shadow, the state the applied versions produce (from the baseline that built
 * the namespace, if one did) and compares each table with the live one. The live catalog is only
 * read. A live table created after the history's last commit was made by hand: the state the
 * migrations made was dropped, and it is reported as replaced.
 */
final class DriftCheck {

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

  private final Catalog live;
  private final String namespace;
  private final TableIdentifier history;

  DriftCheck(Catalog live, String namespace, TableIdentifier history) {
    this.live = live;
    this.namespace = namespace;
    this.history = history;
  }

  /**
   * Compares the live tables with what the applied versions of {@code state} make.
   *
   * @param state the namespace's state
   * @param liveTables the names of the namespace's live tables, without the history table
   * @throws IllegalStateException if an applied version has no migration, or the replay fails
   */
  DriftReport check(NamespaceState state, List<String> liveTables) {
    List<ResolvedMigration> applied = applied(state);
    ShadowCatalog expected = ShadowCatalog.empty();
    for (ResolvedMigration migration : applied) {
      ShadowRun.Ended ended = ShadowRun.upgrade(expected, namespace, migration);
      if (ended.error() != null) {
        throw new IllegalStateException(
            "Cannot check drift of "
                + namespace
                + ": replaying the migrations on an empty shadow failed: "
                + ended.message(migration, namespace),
            ended.error());
      }
    }
    LOG.info("Replayed {} versions of {} on a shadow to check drift", applied.size(), namespace);
    Map<String, TableState> have = new TreeMap<>();
    liveTables.forEach(table -> load(namespace + "." + table, have));
    Long lastCommit = lastHistoryCommit();
    Map<String, TableState> want = new TreeMap<>();
    expected
        .tables()
        .forEach(
            (id, metadata) -> {
              String name = id.toString();
              load(name, have);
              want.put(name, asMade(TableState.of(name, metadata), have.get(name), lastCommit));
            });
    List<DriftFinding> findings = new ArrayList<>();
    StateDiff.between(want, have).forEach(diff -> findings(diff, findings));
    return new DriftReport(namespace, state.current(), findings);
  }

  /**
   * What the migrations made, with the identity and place of the live table they made: its uuid
   * unless it was created after the history's last commit, and where it was created unless the
   * migrations chose the location.
   */
  private static TableState asMade(TableState made, TableState live, Long lastCommit) {
    if (live == null) {
      return made;
    }
    Long created = live.origin().createdAtMillis();
    boolean replaced = created != null && lastCommit != null && created > lastCommit;
    String location =
        !made.location().startsWith("shadow://")
            ? made.location()
            : Objects.requireNonNullElse(live.origin().location(), live.location());
    return made.as(replaced ? made.uuid() : live.uuid(), location);
  }

  /** When the history table was last committed to, or null when unknown. */
  private Long lastHistoryCommit() {
    TableMetadata metadata = metadata(history);
    return metadata == null ? null : metadata.lastUpdatedMillis();
  }

  private static void findings(TableDiff diff, List<DriftFinding> out) {
    String table = diff.name();
    switch (diff.kind()) {
      case CREATED, RENAMED ->
          out.add(new DriftFinding(table, Kind.TABLE_UNEXPECTED, null, null, null));
      case DROPPED -> out.add(new DriftFinding(table, Kind.TABLE_MISSING, null, null, null));
      case REPLACED -> {
        out.add(new DriftFinding(table, Kind.TABLE_REPLACED, null, null, diff.after().uuid()));
        details(diff, out);
      }
      case CHANGED -> details(diff, out);
    }
  }

  private static void details(TableDiff diff, List<DriftFinding> out) {
    String table = diff.name();
    diff.schema()
        .added()
        .forEach(c -> out.add(column(table, Kind.COLUMN_ADDED, c, null, c.newType())));
    diff.schema()
        .removed()
        .forEach(c -> out.add(column(table, Kind.COLUMN_MISSING, c, c.oldType(), null)));
    for (FieldChange c : diff.schema().changed()) {
      out.add(
          switch (c.changeType()) {
            case RENAMED -> column(table, Kind.COLUMN_RENAMED, c, c.oldName(), c.name());
            case TYPE_CHANGED -> column(table, Kind.TYPE, c, c.oldType(), c.newType());
            case DOC_CHANGED -> column(table, Kind.DOC, c, quote(c.oldDoc()), quote(c.newDoc()));
            default ->
                column(
                    table,
                    Kind.NULLABILITY,
                    c,
                    required(c.oldRequired()),
                    required(c.newRequired()));
          });
    }
    diff.partitionRemoved().stream()
        .map(PreviewRendering::partitionField)
        .forEach(f -> out.add(new DriftFinding(table, Kind.PARTITION_FIELD_MISSING, f, f, null)));
    diff.partitionAdded().stream()
        .map(PreviewRendering::partitionField)
        .forEach(f -> out.add(new DriftFinding(table, Kind.PARTITION_FIELD_ADDED, f, null, f)));
    if (diff.sortOrderChanged()) {
      out.add(
          new DriftFinding(
              table,
              Kind.SORT_ORDER,
              null,
              PreviewRendering.sortOrder(diff.before()),
              PreviewRendering.sortOrder(diff.after())));
    }
    layout(diff, out);
    diff.properties().stream()
        .filter(p -> p.before() != null)
        .filter(p -> !Objects.equals(p.before(), NEW_TABLE_DEFAULTS.get(p.key())))
        .forEach(
            p ->
                out.add(
                    new DriftFinding(
                        table,
                        Kind.PROPERTY,
                        p.key(),
                        shown(p.key(), p.before()),
                        shown(p.key(), p.after()))));
  }

  /** The identifier fields, column order, format version and location. */
  private static void layout(TableDiff diff, List<DriftFinding> out) {
    String table = diff.name();
    if (diff.identifierFieldsChanged()) {
      out.add(
          new DriftFinding(
              table,
              Kind.IDENTIFIER_FIELDS,
              null,
              TableDiff.identifierFields(diff.before()).toString(),
              TableDiff.identifierFields(diff.after()).toString()));
    }
    List<List<String>> order = diff.columnOrders().get("");
    if (order != null) {
      out.add(
          new DriftFinding(
              table,
              Kind.COLUMN_ORDER,
              null,
              String.join(", ", order.get(0)),
              String.join(", ", order.get(1))));
    }
    if (diff.formatVersionChanged()) {
      out.add(
          new DriftFinding(
              table,
              Kind.FORMAT_VERSION,
              null,
              String.valueOf(diff.before().formatVersion()),
              String.valueOf(diff.after().formatVersion())));
    }
    if (diff.locationChanged()) {
      out.add(
          new DriftFinding(
              table, Kind.LOCATION, null, diff.before().location(), diff.after().location()));
    }
  }

  /** The migrations of the applied versions, in order: the baseline that built it first. */
  private List<ResolvedMigration> applied(NamespaceState state) {
    List<ResolvedMigration> applied = new ArrayList<>();
    for (MigrationStatus status : state.status()) {
      if (status.state() != MigrationStatus.State.APPLIED) {
        continue;
      }
      ResolvedMigration migration = state.migration(status.version());
      if (migration == null) {
        throw new IllegalStateException(
            "Cannot check drift of "
                + namespace
                + ": version "
                + status.version()
                + " is applied but no migration has it");
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
    if (!live.tableExists(id)) {
      return null;
    }
    Table table = live.loadTable(id);
    if (!(table instanceof org.apache.iceberg.HasTableOperations withOps)) {
      throw new IllegalStateException(
          "Cannot check drift of " + id + ": the catalog does not expose its metadata");
    }
    return withOps.operations().current();
  }

  private static DriftFinding column(
      String table, Kind kind, FieldChange change, String expected, String actual) {
    String subject = kind == Kind.COLUMN_RENAMED ? change.oldName() : change.name();
    return new DriftFinding(table, kind, subject, expected, actual);
  }

  /** A property value as it may be shown: {@code unset} for null, secrets masked. */
  static String shown(String key, String value) {
    return value == null ? "unset" : Redaction.shown(key, value);
  }

  private static String quote(String doc) {
    return doc == null ? "(none)" : "'" + doc + "'";
  }

  private static String required(Boolean value) {
    return Boolean.TRUE.equals(value) ? "required" : "optional";
  }
}
