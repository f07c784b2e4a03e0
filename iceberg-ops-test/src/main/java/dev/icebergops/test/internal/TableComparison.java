package dev.icebergops.test.internal;

import dev.icebergops.test.internal.TableShape.Column;
import dev.icebergops.test.internal.TableShape.Partition;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Compares two shapes of one table by column path, in the words of SchemaDiff's summary lines, and
 * the partition spec, sort order and properties.
 */
final class TableComparison {

  private final List<String> added = new ArrayList<>();
  private final List<String> removed = new ArrayList<>();
  private final List<String> changed = new ArrayList<>();
  private final List<String> layout = new ArrayList<>();
  private final List<String> drift = new ArrayList<>();

  private TableComparison() {}

  /**
   * Compares two shapes of a table.
   *
   * @param qualified the table's qualified name, for drift lines
   * @param before the earlier shape
   * @param after the later shape
   * @return the comparison
   */
  static TableComparison between(String qualified, TableShape before, TableShape after) {
    TableComparison comparison = new TableComparison();
    comparison.columns(qualified, before, after);
    comparison.partition(before.partition(), after.partition());
    if (!before.sort().equals(after.sort())) {
      comparison.layout.add(
          "sort order: " + sortOrder(before.sort()) + " -> " + sortOrder(after.sort()));
    }
    comparison.properties(before.properties(), after.properties());
    return comparison;
  }

  /** The lines for a table that exists only on one side. */
  static List<String> tableOnlyIn(String side, TableShape shape) {
    return List.of(
        "Table " + side + " (columns: " + String.join(", ", shape.topLevelColumns()) + ")");
  }

  /** Every shape difference, one line each: added, removed, changed columns, then the layout. */
  List<String> lines() {
    List<String> lines = new ArrayList<>();
    added.forEach(line -> lines.add("Added: " + line));
    removed.forEach(line -> lines.add("Removed: " + line));
    changed.forEach(line -> lines.add("Changed: " + line));
    lines.addAll(layout);
    return lines;
  }

  /** Columns whose path survived with a different field id: "ns.orders.region: id 7 -> 9". */
  List<String> drift() {
    return drift;
  }

  private void columns(String qualified, TableShape before, TableShape after) {
    Map<String, Column> was = before.columnsByPath();
    Map<String, Column> is = after.columnsByPath();
    Set<Integer> wasIds = ids(was);
    Set<Integer> isIds = ids(is);
    Map<String, Column> gone = new LinkedHashMap<>();
    Map<String, Column> fresh = new LinkedHashMap<>();
    // a field added or removed together with its parent is reported once, at the parent
    was.forEach(
        (path, column) -> {
          Column parent = was.get(column.parent());
          if (!is.containsKey(path) && (parent == null || isIds.contains(parent.id()))) {
            gone.put(path, column);
          }
        });
    is.forEach(
        (path, column) -> {
          Column parent = is.get(column.parent());
          if (!was.containsKey(path) && (parent == null || wasIds.contains(parent.id()))) {
            fresh.put(path, column);
          }
        });
    renames(gone, fresh);
    fresh.values().forEach(c -> added.add(c.path() + " (id=" + c.id() + ", " + c.type() + ")"));
    gone.values().forEach(c -> removed.add(c.path() + " (id=" + c.id() + ", " + c.type() + ")"));
    is.forEach(
        (path, now) -> {
          Column then = was.get(path);
          if (then != null) {
            compare(then, now);
            if (then.id() != now.id()) {
              drift.add(qualified + "." + path + ": id " + then.id() + " -> " + now.id());
            }
          }
        });
    order(before.columns(), after.columns(), was.keySet(), is.keySet());
  }

  private static Set<Integer> ids(Map<String, Column> columns) {
    Set<Integer> ids = new java.util.HashSet<>();
    columns.values().forEach(c -> ids.add(c.id()));
    return ids;
  }

  /**
   * A removed and an added path with one field id are a rename; a field whose own name stayed is
   * only moved by the rename of a parent, reported at the parent.
   */
  private void renames(Map<String, Column> gone, Map<String, Column> fresh) {
    Iterator<Column> it = fresh.values().iterator();
    while (it.hasNext()) {
      Column now = it.next();
      Column then = gone.values().stream().filter(c -> c.id() == now.id()).findFirst().orElse(null);
      if (then != null) {
        if (!leaf(then.path()).equals(leaf(now.path()))) {
          changed.add(now.path() + " (id=" + now.id() + "): renamed from " + then.path());
        }
        compare(then, now);
        gone.remove(then.path());
        it.remove();
      }
    }
  }

  private static String leaf(String path) {
    return path.substring(path.lastIndexOf('.') + 1);
  }

  private void compare(Column then, Column now) {
    String subject = now.path() + " (id=" + now.id() + "): ";
    if (!then.type().equals(now.type())) {
      changed.add(subject + "type " + then.type() + " -> " + now.type());
    }
    if (!Objects.equals(then.doc(), now.doc())) {
      changed.add(subject + "doc " + quote(then.doc()) + " -> " + quote(now.doc()));
    }
    if (then.required() != now.required()) {
      changed.add(subject + requiredness(then.required()) + " -> " + requiredness(now.required()));
    }
  }

  /** The relative order of the columns both shapes have, per parent. */
  private void order(
      List<Column> before, List<Column> after, Set<String> wasPaths, Set<String> isPaths) {
    Set<String> parents = new LinkedHashSet<>();
    after.forEach(c -> parents.add(c.parent()));
    for (String parent : parents) {
      List<String> then = children(before, parent, isPaths);
      List<String> now = children(after, parent, wasPaths);
      if (!then.equals(now)) {
        String where = parent.isEmpty() ? "column order" : "column order in " + parent;
        changed.add(where + ": " + String.join(", ", then) + " -> " + String.join(", ", now));
      }
    }
  }

  private static List<String> children(List<Column> columns, String parent, Set<String> other) {
    return columns.stream()
        .filter(c -> c.parent().equals(parent) && other.contains(c.path()))
        .map(Column::path)
        .toList();
  }

  private void partition(List<Partition> before, List<Partition> after) {
    Map<String, Partition> was = byName(before);
    Map<String, Partition> is = byName(after);
    is.forEach(
        (name, field) -> {
          Partition then = was.get(name);
          if (then == null) {
            layout.add("partition spec: added " + field);
          } else if (!then.equals(field)) {
            layout.add("partition spec: changed " + then + " -> " + field);
          }
        });
    was.forEach(
        (name, field) -> {
          if (!is.containsKey(name)) {
            layout.add("partition spec: removed " + field);
          }
        });
    List<String> thenOrder = names(before, is.keySet());
    List<String> nowOrder = names(after, was.keySet());
    if (!thenOrder.equals(nowOrder)) {
      layout.add(
          "partition spec: order "
              + String.join(", ", thenOrder)
              + " -> "
              + String.join(", ", nowOrder));
    }
  }

  private static Map<String, Partition> byName(List<Partition> fields) {
    Map<String, Partition> byName = new LinkedHashMap<>();
    fields.forEach(f -> byName.put(f.name(), f));
    return byName;
  }

  private static List<String> names(List<Partition> fields, Set<String> other) {
    return fields.stream().map(Partition::name).filter(other::contains).toList();
  }

  private void properties(Map<String, String> before, Map<String, String> after) {
    Set<String> keys = new TreeSet<>(before.keySet());
    keys.addAll(after.keySet());
    for (String key : keys) {
      String then = before.get(key);
      String now = after.get(key);
      if (!Objects.equals(then, now)) {
        layout.add("property " + key + ": " + value(then) + " -> " + value(now));
      }
    }
  }

  private static String sortOrder(List<TableShape.SortKey> keys) {
    return keys.isEmpty()
        ? "(unsorted)"
        : keys.stream().map(TableShape.SortKey::toString).collect(Collectors.joining(", "));
  }

  private static String value(String value) {
    return value == null ? "(unset)" : "'" + value + "'";
  }

  private static String quote(String doc) {
    return doc == null ? "(none)" : "'" + doc + "'";
  }

  private static String requiredness(boolean required) {
    return required ? "required" : "optional";
  }
}
