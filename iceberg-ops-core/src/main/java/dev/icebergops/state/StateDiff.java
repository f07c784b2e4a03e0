package dev.icebergops.state;

import dev.icebergops.runner.TableChange.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The one diff of two sets of table states (a namespace before and after, or what migrations make
 * and what is live): each table created, dropped, renamed (same uuid, other name), replaced (same
 * name, other uuid) or changed, in name order. A state without uuid is matched by name only.
 */
public final class StateDiff {

  private StateDiff() {}

  /**
   * Compares two sets of table states.
   *
   * @param before the earlier states, by table name
   * @param after the later states, by table name
   * @return what became of each table, unchanged tables left out, sorted by name
   */
  public static List<TableDiff> between(
      Map<String, TableState> before, Map<String, TableState> after) {
    Map<String, String> renamedTo = renames(before, after);
    List<TableDiff> diffs = new ArrayList<>();
    TreeSet<String> names = new TreeSet<>(before.keySet());
    names.addAll(after.keySet());
    for (String name : names) {
      TableState was = before.get(name);
      TableState is = after.get(name);
      boolean source = renamedTo.containsKey(name);
      boolean target = renamedTo.containsValue(name);
      if (source) {
        diffs.add(new TableDiff(Kind.RENAMED, was, after.get(renamedTo.get(name))));
      }
      if (was != null && !source && (is == null || target)) {
        diffs.add(new TableDiff(Kind.DROPPED, was, null));
      } else if (is != null && !target && (was == null || source)) {
        diffs.add(new TableDiff(Kind.CREATED, null, is));
      } else if (was != null && is != null && !source && !target) {
        TableDiff diff = new TableDiff(sameTable(was, is) ? Kind.CHANGED : Kind.REPLACED, was, is);
        if (!diff.isEmpty()) {
          diffs.add(diff);
        }
      }
    }
    diffs.sort(Comparator.comparing(TableDiff::name));
    return diffs;
  }

  /** The tables whose uuid the later side has under another name: old name to new name. */
  private static Map<String, String> renames(
      Map<String, TableState> before, Map<String, TableState> after) {
    Map<String, String> byUuid =
        after.entrySet().stream()
            .filter(entry -> entry.getValue().uuid() != null)
            .collect(Collectors.toMap(e -> e.getValue().uuid(), Map.Entry::getKey, (a, b) -> b));
    Map<String, String> renamed = new HashMap<>();
    before.forEach(
        (name, state) -> {
          String to = state.uuid() == null ? null : byUuid.get(state.uuid());
          if (to != null && !to.equals(name)) {
            renamed.put(name, to);
          }
        });
    return renamed;
  }

  private static boolean sameTable(TableState was, TableState is) {
    return was.uuid() == null || is.uuid() == null || Objects.equals(was.uuid(), is.uuid());
  }
}
