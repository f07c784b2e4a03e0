package dev.icebergops.test.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/** The differences between two namespace shapes, compared by column path rather than field id. */
public final class ShapeDiff {

  private final Map<String, List<String>> changes;
  private final List<String> addedTables;
  private final List<String> removedTables;
  private final List<String> committedTables;
  private final List<String> fieldIdDrift;

  private ShapeDiff(
      Map<String, List<String>> changes,
      List<String> addedTables,
      List<String> removedTables,
      List<String> committedTables,
      List<String> fieldIdDrift) {
    this.changes = Collections.unmodifiableMap(changes);
    this.addedTables = List.copyOf(addedTables);
    this.removedTables = List.copyOf(removedTables);
    this.committedTables = List.copyOf(committedTables);
    this.fieldIdDrift = List.copyOf(fieldIdDrift);
  }

  /** Compares the tables of two shapes of one namespace. */
  static ShapeDiff between(
      String namespace, Map<String, TableShape> before, Map<String, TableShape> after) {
    Set<String> names = new TreeSet<>(before.keySet());
    names.addAll(after.keySet());
    Map<String, List<String>> changes = new LinkedHashMap<>();
    List<String> added = new ArrayList<>();
    List<String> removed = new ArrayList<>();
    List<String> committed = new ArrayList<>();
    List<String> drift = new ArrayList<>();
    for (String name : names) {
      String qualified = namespace + "." + name;
      TableShape then = before.get(name);
      TableShape now = after.get(name);
      if (then == null) {
        added.add(qualified);
        changes.put(qualified, TableComparison.tableOnlyIn("added", now));
      } else if (now == null) {
        removed.add(qualified);
        changes.put(qualified, TableComparison.tableOnlyIn("removed", then));
      } else {
        TableComparison comparison = TableComparison.between(qualified, then, now);
        if (!comparison.lines().isEmpty()) {
          changes.put(qualified, comparison.lines());
        }
        drift.addAll(comparison.drift());
      }
      String thenLocation = then == null ? null : then.metadataLocation();
      String nowLocation = now == null ? null : now.metadataLocation();
      if (!Objects.equals(thenLocation, nowLocation)) {
        committed.add(qualified);
      }
    }
    return new ShapeDiff(changes, added, removed, committed, drift);
  }

  /** True when no table was added or removed and no table's shape changed (field ids aside). */
  public boolean isEmpty() {
    return changes.isEmpty();
  }

  /** The qualified names of the tables whose shape differs, added and removed ones included. */
  public List<String> changedTables() {
    return List.copyOf(changes.keySet());
  }

  /** The qualified names of the tables that exist only in the later shape. */
  public List<String> addedTables() {
    return addedTables;
  }

  /** The qualified names of the tables that exist only in the earlier shape. */
  public List<String> removedTables() {
    return removedTables;
  }

  /**
   * The lines describing one table's changes, e.g. {@code Added: region (id=7, string)}; empty when
   * it did not change.
   *
   * @param qualifiedTable the table as {@code namespace.table}
   * @return the lines, unindented
   */
  public List<String> changes(String qualifiedTable) {
    return changes.getOrDefault(qualifiedTable, List.of());
  }

  /**
   * The qualified names of the tables whose metadata changed (a commit happened), even if the shape
   * did not; a table that exists on one side only counts as committed.
   */
  public List<String> committedTables() {
    return committedTables;
  }

  /**
   * Columns whose path and shape survived but whose field id changed: "ns.orders.region: id 7 ->
   * 9".
   */
  public List<String> fieldIdDrift() {
    return fieldIdDrift;
  }

  /**
   * The report, indented two spaces, one line per change, for example:
   *
   * <pre>
   * sales_t17.orders:
   *   Added: region (id=7, string)
   * </pre>
   *
   * followed, when there is any, by a {@code field-id drift:} section. {@code (no differences)}
   * when there is nothing to report.
   */
  public String describe() {
    StringBuilder out = new StringBuilder(describeTables(changes.keySet()));
    if (!fieldIdDrift.isEmpty()) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append("field-id drift:");
      fieldIdDrift.forEach(line -> out.append("\n  ").append(line));
    }
    return out.length() == 0 ? "(no differences)" : out.toString();
  }

  /** The blocks of the given tables: each name, a colon, then its lines indented two spaces. */
  String describeTables(Collection<String> tables) {
    StringBuilder out = new StringBuilder();
    for (String table : tables) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(table).append(':');
      changes(table).forEach(line -> out.append("\n  ").append(line));
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return describe();
  }
}
