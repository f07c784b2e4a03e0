package dev.icebergops.state;

import dev.icebergops.migration.ChangeClass;
import dev.icebergops.runner.TableChange.Kind;
import dev.icebergops.schema.FieldChange;
import dev.icebergops.schema.SchemaDiff;
import dev.icebergops.state.TableState.PartitionField;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * What differs between two states of one table, or what became of a table: created, dropped,
 * renamed (same uuid, other name), replaced (same name, other uuid) or changed. The columns are
 * compared by field id through {@link SchemaDiff}. It is also the one place that classes each
 * change for the table's readers ({@link ChangeClass}).
 *
 * @param kind what became of the table (the preview's own {@link Kind})
 * @param before its earlier state, or null when it was created
 * @param after its later state, or null when it was dropped
 */
public record TableDiff(Kind kind, TableState before, TableState after) {

  /**
   * One property that differs.
   *
   * @param key the key
   * @param before its earlier value, or null when unset
   * @param after its later value, or null when unset
   */
  public record PropertyChange(String key, String before, String after) {}

  /** The class of a partition field added or removed, or of a sort order change. */
  public static final ChangeClass LAYOUT = ChangeClass.COMPATIBLE;

  /** The class of a property set, changed or removed. */
  public static final ChangeClass PROPERTY = ChangeClass.ADDITIVE;

  /**
   * The class of a format version upgrade: an engine that does not support the new version can no
   * longer read the table, and the upgrade cannot be undone.
   */
  public static final ChangeClass FORMAT_VERSION = ChangeClass.BREAKING;

  /**
   * What became of the table as a whole, for its readers: created is additive, renamed breaking,
   * dropped (purged or not) or replaced destructive.
   *
   * @return the class, or null for a table changed in place (its changes are classed one by one)
   */
  public ChangeClass tableClass() {
    return switch (kind) {
      case CREATED -> ChangeClass.ADDITIVE;
      case RENAMED -> ChangeClass.BREAKING;
      // a view holds no data: dropping it breaks its readers, and loses nothing
      case DROPPED, REPLACED ->
          (before != null && before.isView()) ? ChangeClass.BREAKING : ChangeClass.DESTRUCTIVE;
      case CHANGED -> null;
    };
  }

  /**
   * The class of a view's query set: part of a new view, additive; replaced, compatible (its
   * readers get what the new query answers; the columns it no longer answers are classed as the
   * view's).
   */
  public ChangeClass queryClass() {
    return kind == Kind.CREATED ? ChangeClass.ADDITIVE : ChangeClass.COMPATIBLE;
  }

  /**
   * What one of {@link #schema()}'s changes does to readers: a column of a new table, or a new
   * optional column, is additive; a type promotion (the only type change Iceberg allows), a doc or
   * a column made optional or a default changed compatible; a rename, a column made required or a
   * new required column without an initial default breaking; a removed column destructive.
   */
  public ChangeClass classOf(FieldChange change) {
    if (kind == Kind.CREATED) {
      return ChangeClass.ADDITIVE;
    }
    return switch (change.changeType()) {
      case ADDED -> {
        Types.NestedField added = after.schema().findField(change.fieldId());
        // a required column old rows read from its initial default (format version 3) breaks none
        yield added.isRequired() && added.initialDefault() == null
            ? ChangeClass.BREAKING
            : ChangeClass.ADDITIVE;
      }
      case REMOVED -> // a view's column holds no data: its readers break, nothing is lost
          (after != null && after.isView()) ? ChangeClass.BREAKING : ChangeClass.DESTRUCTIVE;
      case RENAMED -> ChangeClass.BREAKING;
      case TYPE_CHANGED, DOC_CHANGED, DEFAULT_CHANGED -> ChangeClass.COMPATIBLE;
      case NULLABILITY_CHANGED ->
          Boolean.TRUE.equals(change.newRequired()) ? ChangeClass.BREAKING : ChangeClass.COMPATIBLE;
    };
  }

  /**
   * The class of a data commit outside a staged data step (a staged step, the declared way to
   * rewrite rows, is audited before it is published): an append is additive, a rewrite of files
   * that keeps the rows compatible, an overwrite or delete destructive; so are an expiry of
   * snapshots and a delete of a live file ({@link ChangeClass#DESTRUCTIVE}).
   *
   * @param operation the snapshot's operation, e.g. {@code append}
   */
  public static ChangeClass dataClass(String operation) {
    return switch (String.valueOf(operation)) {
      case "append" -> ChangeClass.ADDITIVE;
      case "replace" -> ChangeClass.COMPATIBLE;
      default -> ChangeClass.DESTRUCTIVE;
    };
  }

  /** The table's name: the later one, or the earlier one when it was dropped. */
  public String name() {
    return after != null ? after.name() : before.name();
  }

  /** The column changes by field id; for a dropped table, none. */
  public SchemaDiff schema() {
    Schema was = before == null || after == null ? new Schema() : before.schema();
    return SchemaDiff.between(was, after == null ? new Schema() : after.schema());
  }

  /** The partition fields only the later state has, in spec order. */
  public List<PartitionField> partitionAdded() {
    return after == null ? List.of() : only(after, before, TableState::partition);
  }

  /** The partition fields only the earlier state has, in spec order. */
  public List<PartitionField> partitionRemoved() {
    return before == null || after == null ? List.of() : only(before, after, TableState::partition);
  }

  /** Whether the sort order differs. */
  public boolean sortOrderChanged() {
    List<TableState.SortKey> was = before == null || after == null ? List.of() : before.sortOrder();
    return !was.equals(after == null ? List.of() : after.sortOrder());
  }

  /** Whether the identifier fields differ (by name). */
  public boolean identifierFieldsChanged() {
    return before != null
        && after != null
        && !identifierFields(before).equals(identifierFields(after));
  }

  /** The identifier fields of one side, sorted; empty for a missing side. */
  public static Set<String> identifierFields(TableState state) {
    return state == null ? Set.of() : new TreeSet<>(state.schema().identifierFieldNames());
  }

  /**
   * The columns both sides have (by path) whose order differs, per parent path (empty for the top
   * level), in the later side's order of parents: each side's order of those paths.
   */
  public Map<String, List<List<String>>> columnOrders() {
    Map<String, List<List<String>>> orders = new LinkedHashMap<>();
    if (before == null || after == null) {
      return orders;
    }
    List<ColumnPaths.Column> was = ColumnPaths.of(before.schema());
    List<ColumnPaths.Column> is = ColumnPaths.of(after.schema());
    Set<String> wasPaths = was.stream().map(ColumnPaths.Column::path).collect(Collectors.toSet());
    Set<String> isPaths = is.stream().map(ColumnPaths.Column::path).collect(Collectors.toSet());
    for (String parent : is.stream().map(ColumnPaths.Column::parent).distinct().toList()) {
      List<String> then = children(was, parent, isPaths);
      List<String> now = children(is, parent, wasPaths);
      if (!then.equals(now)) {
        orders.put(parent, List.of(then, now));
      }
    }
    return orders;
  }

  /** The branches and tags only the later state has, e.g. {@code branch audit}, sorted. */
  public List<String> refsAdded() {
    return after == null ? List.of() : only(after, before, TableState::refs);
  }

  /** The branches and tags only the earlier state has, sorted; none for a dropped table. */
  public List<String> refsRemoved() {
    return before == null || after == null ? List.of() : only(before, after, TableState::refs);
  }

  /** Whether the format version differs. */
  public boolean formatVersionChanged() {
    return before != null && after != null && before.formatVersion() != after.formatVersion();
  }

  /** Whether the location differs. */
  public boolean locationChanged() {
    return before != null && after != null && !Objects.equals(before.location(), after.location());
  }

  /** The properties that differ, sorted by key. */
  public List<PropertyChange> properties() {
    Map<String, String> was = before == null || after == null ? Map.of() : before.properties();
    Map<String, String> is = after == null ? Map.of() : after.properties();
    return differing(was, is)
        .map(key -> new PropertyChange(key, was.get(key), is.get(key)))
        .toList();
  }

  /** The keys whose values differ between two maps, sorted. */
  private static Stream<String> differing(Map<String, String> was, Map<String, String> is) {
    Set<String> keys = new TreeSet<>(was.keySet());
    keys.addAll(is.keySet());
    return keys.stream().filter(key -> !Objects.equals(was.get(key), is.get(key)));
  }

  /**
   * The SQL of a view by dialect that differs between the sides, e.g. {@code spark: SELECT a FROM t
   * -> SELECT b FROM t}; of a created view, each query; none for a table or a dropped view.
   */
  public List<String> viewQueries() {
    if (after == null || !after.isView()) {
      return List.of();
    }
    Map<String, String> was = before == null || !before.isView() ? Map.of() : before.view();
    Map<String, String> is = after.view();
    return differing(was, is)
        .map(
            dialect ->
                dialect
                    + ": "
                    + (was.get(dialect) == null ? "" : was.get(dialect) + " -> ")
                    + (is.get(dialect) == null ? "(none)" : is.get(dialect)))
        .toList();
  }

  /** Whether nothing differs: the same table, same name, same everything compared. */
  public boolean isEmpty() {
    return kind == Kind.CHANGED
        && schema().isEmpty()
        && before.partition().equals(after.partition())
        && !sortOrderChanged()
        && !identifierFieldsChanged()
        && columnOrders().isEmpty()
        && !formatVersionChanged()
        && !locationChanged()
        && properties().isEmpty()
        && before.refs().equals(after.refs())
        && viewQueries().isEmpty();
  }

  /** What one side's list (its partition fields, its refs) has that the other side's lacks. */
  private static <T> List<T> only(
      TableState side, TableState other, Function<TableState, List<T>> list) {
    List<T> others = other == null ? List.of() : list.apply(other);
    return list.apply(side).stream().filter(item -> !others.contains(item)).toList();
  }

  private static List<String> children(
      List<ColumnPaths.Column> columns, String parent, Set<String> other) {
    return columns.stream()
        .filter(c -> c.parent().equals(parent) && other.contains(c.path()))
        .map(ColumnPaths.Column::path)
        .toList();
  }
}
