package dev.icebergops.test.internal;

import dev.icebergops.schema.FieldChange;
import dev.icebergops.schema.IcebergTypes;
import dev.icebergops.schema.SchemaDiff;
import dev.icebergops.state.ColumnPaths;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.state.StateDiff;
import dev.icebergops.state.TableDiff;
import dev.icebergops.state.TableState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.types.Type;

/**
 * What changed between two captures of a namespace, in the words of the toolkit's checks: the one
 * {@link StateDiff} of the tables matched by name, their columns by path (a column dropped and
 * added again alike is equal, its new field id reported as drift), the properties Iceberg sets on
 * its own left out.
 *
 * @param byTable the lines describing each table's changes, by qualified name
 * @param addedTables the qualified names of the tables that exist only in the later capture
 * @param removedTables the qualified names of the tables that exist only in the earlier capture
 * @param committedTables the qualified names of the tables whose metadata changed (a commit
 *     happened), even if the shape did not; a table that exists on one side only counts as
 *     committed
 * @param fieldIdDrift columns whose path and shape survived but whose field id changed:
 *     "ns.orders.region: id 7 -> 9"
 */
public record StateChanges(
    Map<String, List<String>> byTable,
    List<String> addedTables,
    List<String> removedTables,
    List<String> committedTables,
    List<String> fieldIdDrift) {

  /**
   * Properties Iceberg writes on its own, with the value it writes: every new table gets {@code
   * write.parquet.compression-codec=zstd} (since Iceberg 1.4). Left out only with that value.
   */
  static final Map<String, String> ICEBERG_DEFAULTS =
      Map.of(
          TableProperties.PARQUET_COMPRESSION,
          TableProperties.PARQUET_COMPRESSION_DEFAULT_SINCE_1_4_0);

  /**
   * Compares two captures, naming the tables as in {@code namespace}.
   *
   * @param namespace the namespace the differences name (the later capture's, or the one a copy
   *     stands for)
   * @param before the earlier capture
   * @param after the later capture, of the same namespace or of a copy of it
   */
  public static StateChanges between(
      String namespace, NamespaceTables before, NamespaceTables after) {
    StateChanges out =
        new StateChanges(
            new LinkedHashMap<>(),
            new ArrayList<>(),
            new ArrayList<>(),
            new ArrayList<>(),
            new ArrayList<>());
    Map<String, TableState> was = new TreeMap<>();
    Map<String, TableState> is = new TreeMap<>();
    Map<String, Map<String, List<Integer>>> drift = new TreeMap<>();
    before.states().forEach((name, state) -> was.put(name, comparable(state, state.schema())));
    for (TableState state : after.states().values()) {
      String name = state.name();
      TableState then = before.states().get(name);
      Schema schema = state.schema();
      if (then != null) {
        ColumnPaths.Aligned aligned = ColumnPaths.align(then.schema(), schema);
        schema = aligned.schema();
        drift.put(name, aligned.drift());
        aligned
            .drift()
            .forEach(
                (path, ids) ->
                    out.fieldIdDrift.add(
                        String.format(
                            "%s.%s.%s: id %s -> %s",
                            namespace, name, path, ids.get(0), ids.get(1))));
      }
      is.put(name, comparable(state, schema));
    }
    for (TableDiff diff : StateDiff.between(was, is)) {
      String qualified = namespace + "." + diff.name();
      switch (diff.kind()) {
        case CREATED -> {
          out.addedTables.add(qualified);
          out.byTable.put(qualified, onlyIn("added", diff.after()));
        }
        case DROPPED -> {
          out.removedTables.add(qualified);
          out.byTable.put(qualified, onlyIn("removed", diff.before()));
        }
        default -> {
          List<String> lines = TableLines.of(diff, drift.getOrDefault(diff.name(), Map.of()));
          if (!lines.isEmpty()) {
            out.byTable.put(qualified, lines);
          }
        }
      }
    }
    Set<String> names = new TreeSet<>(before.tables());
    names.addAll(after.tables());
    names.stream()
        .filter(n -> !Objects.equals(before.metadataLocation(n), after.metadataLocation(n)))
        .forEach(n -> out.committedTables.add(namespace + "." + n));
    return out;
  }

  /** A state matched by name only, without the properties Iceberg sets on its own. */
  private static TableState comparable(TableState state, Schema schema) {
    Map<String, String> kept = new TreeMap<>(state.properties());
    kept.keySet().removeAll(TableProperties.RESERVED_PROPERTIES);
    ICEBERG_DEFAULTS.forEach(kept::remove);
    return state.comparedAs(null, state.location(), schema, kept);
  }

  private static List<String> onlyIn(String side, TableState state) {
    String columns = String.join(", ", state.topLevelColumns());
    if (state.isView()) {
      List<String> queries = new ArrayList<>();
      state.view().forEach((dialect, sql) -> queries.add(dialect + ": " + sql));
      return List.of(
          "View " + side + " (columns: " + columns + "; " + String.join("; ", queries) + ")");
    }
    return List.of("Table " + side + " (columns: " + columns + ")");
  }

  /** True when no table was added or removed and no table's shape changed (field ids aside). */
  public boolean isEmpty() {
    return byTable.isEmpty();
  }

  /** The qualified names of the tables whose shape differs, added and removed ones included. */
  public List<String> changedTables() {
    return List.copyOf(byTable.keySet());
  }

  /**
   * The lines describing one table's changes, e.g. {@code Added: region (id=7, string)}; empty when
   * it did not change.
   */
  public List<String> changes(String qualifiedTable) {
    return byTable.getOrDefault(qualifiedTable, List.of());
  }

  /**
   * The report, indented two spaces, one line per change, followed, when there is any, by a {@code
   * field-id drift:} section; {@code (no differences)} when there is nothing to report.
   */
  public String describe() {
    List<String> blocks = new ArrayList<>();
    byTable.forEach((table, lines) -> blocks.add(block(table, lines)));
    if (!fieldIdDrift.isEmpty()) {
      blocks.add(block("field-id drift", fieldIdDrift));
    }
    return blocks.isEmpty() ? "(no differences)" : String.join("\n", blocks);
  }

  /** The blocks of the given tables: each name, a colon, then its lines indented two spaces. */
  String describeTables(Collection<String> tables) {
    return tables.stream().map(t -> block(t, changes(t))).collect(Collectors.joining("\n"));
  }

  private static String block(String header, List<String> lines) {
    return header + ":" + lines.stream().map(line -> "\n  " + line).collect(Collectors.joining());
  }

  @Override
  public String toString() {
    return describe();
  }

  /**
   * One table's lines: added, removed, changed columns, then partition spec, sort, properties,
   * branches and tags.
   */
  private record TableLines(TableDiff diff, Map<String, List<Integer>> drift, List<String> lines) {

    static List<String> of(TableDiff diff, Map<String, List<Integer>> drift) {
      TableLines table = new TableLines(diff, drift, new ArrayList<>());
      diff.viewQueries().forEach(query -> table.add("query %s", query));
      table.columns();
      table.partition();
      if (diff.sortOrderChanged()) {
        table.add("sort order: %s -> %s", sortOrder(diff.before()), sortOrder(diff.after()));
      }
      diff.properties()
          .forEach(
              p ->
                  table.add("property %s: %s -> %s", p.key(), value(p.before()), value(p.after())));
      diff.refsAdded().forEach(ref -> table.add("Added: %s", ref));
      diff.refsRemoved().forEach(ref -> table.add("Removed: %s", ref));
      return table.lines;
    }

    private void add(String format, Object... args) {
      lines.add(String.format(format, args));
    }

    private void columns() {
      SchemaDiff schema = diff.schema();
      List<String> was = paths(diff.before());
      List<String> is = paths(diff.after());
      schema.added().stream()
          .sorted(Comparator.comparingInt(c -> is.indexOf(c.name())))
          .forEach(c -> add("Added: %s (id=%s, %s)", c.name(), id(c), type(diff.after(), c)));
      schema.removed().stream()
          .sorted(Comparator.comparingInt(c -> was.indexOf(c.name())))
          .forEach(c -> add("Removed: %s (id=%s, %s)", c.name(), id(c), type(diff.before(), c)));
      Map<Integer, List<FieldChange>> byField = new LinkedHashMap<>();
      schema
          .changed()
          .forEach(c -> byField.computeIfAbsent(c.fieldId(), k -> new ArrayList<>()).add(c));
      byField.values().stream()
          .sorted(
              Comparator.comparing((List<FieldChange> f) -> !moved(f.get(0)))
                  .thenComparingInt(f -> is.indexOf(f.get(0).name())))
          .forEach(f -> f.forEach(c -> lines.add("Changed: " + changed(c))));
      diff.columnOrders()
          .forEach(
              (parent, order) ->
                  add(
                      "Changed: column order%s: %s -> %s",
                      parent.isEmpty() ? "" : " in " + parent,
                      String.join(", ", order.get(0)),
                      String.join(", ", order.get(1))));
    }

    private String changed(FieldChange c) {
      String subject = c.name() + " (id=" + id(c) + "): ";
      return subject
          + switch (c.changeType()) {
            case RENAMED -> "renamed from " + c.oldName();
            case TYPE_CHANGED -> "type " + type(diff.before(), c) + " -> " + type(diff.after(), c);
            case DOC_CHANGED -> "doc " + quote(c.oldDoc()) + " -> " + quote(c.newDoc());
            case DEFAULT_CHANGED ->
                FieldChange.defaults(c.oldDefault())
                    + " -> "
                    + FieldChange.defaults(c.newDefault());
            default -> requiredness(c.oldRequired()) + " -> " + requiredness(c.newRequired());
          };
    }

    /** Whether the field's path changed: renamed, or moved by the rename of a parent. */
    private boolean moved(FieldChange c) {
      return !Objects.equals(diff.before().schema().findColumnName(c.fieldId()), c.name());
    }

    /** The field's own id on the later side, where the comparison renumbered it. */
    private int id(FieldChange c) {
      List<Integer> ids = drift.get(c.name());
      return ids == null ? c.fieldId() : ids.get(1);
    }

    private void partition() {
      List<TableState.PartitionField> added = diff.partitionAdded();
      List<TableState.PartitionField> removed = diff.partitionRemoved();
      for (TableState.PartitionField field : added) {
        TableState.PartitionField then = named(removed, field.name());
        lines.add(
            "partition spec: "
                + (then == null
                    ? "added " + field(field)
                    : "changed " + field(then) + " -> " + field(field)));
      }
      removed.stream()
          .filter(f -> named(added, f.name()) == null)
          .forEach(f -> add("partition spec: removed %s", field(f)));
      List<String> wasNames = names(diff.before());
      List<String> isNames = names(diff.after());
      List<String> then = wasNames.stream().filter(isNames::contains).toList();
      List<String> now = isNames.stream().filter(wasNames::contains).toList();
      if (!then.equals(now)) {
        add("partition spec: order %s -> %s", String.join(", ", then), String.join(", ", now));
      }
    }

    private static TableState.PartitionField named(
        List<TableState.PartitionField> fields, String name) {
      return fields.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }

    private static List<String> names(TableState state) {
      return state.partition().stream().map(TableState.PartitionField::name).toList();
    }

    private static String field(TableState.PartitionField f) {
      return f.name() + " (" + f.transform() + " on " + f.source() + ")";
    }

    private static List<String> paths(TableState state) {
      return ColumnPaths.of(state.schema()).stream().map(ColumnPaths.Column::path).toList();
    }

    private static String type(TableState state, FieldChange c) {
      Type type = state.schema().findType(c.fieldId());
      return type.isPrimitiveType()
          ? IcebergTypes.format(type)
          : type.typeId().name().toLowerCase(Locale.ROOT);
    }

    private static String sortOrder(TableState state) {
      return state.sortOrder().isEmpty()
          ? "(unsorted)"
          : state.sortOrder().stream().map(k -> k.describe(true)).collect(Collectors.joining(", "));
    }

    private static String value(String value) {
      return value == null ? "(unset)" : "'" + value + "'";
    }

    private static String quote(String doc) {
      return doc == null ? "(none)" : "'" + doc + "'";
    }

    private static String requiredness(Boolean required) {
      return Boolean.TRUE.equals(required) ? "required" : "optional";
    }
  }
}
