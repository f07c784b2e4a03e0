package dev.icebergops.test.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * The rows of a table that are no longer where the data check wrote them (a migration rewrote their
 * files: a backfill, a compaction), to be found again by their values: a written row claims the
 * read row whose key columns, by field id, hold the same values. Each read row is claimed once.
 *
 * <pre>{@code
 * MovedRows moved = new MovedRows(schema.asStruct(), rowsInOtherFiles);
 * Record same = moved.claim(written, keyIds);        // null when no row has its values
 * Record near = moved.closest(written, keyIds);      // the row it most likely became
 * }</pre>
 */
final class MovedRows {

  private final Types.StructType current;
  private final List<Record> rows;

  /** The rows claimed so far, each by one written row. */
  private final Set<Record> claimed = Collections.newSetFromMap(new IdentityHashMap<>());

  /** The unclaimed rows by the values of the key columns, one index per list of key columns. */
  private final Map<List<Integer>, Map<List<Object>, Deque<Record>>> indexes = new HashMap<>();

  /**
   * @param current the table's current schema
   * @param rows the rows read from files the data check did not write
   */
  MovedRows(Types.StructType current, List<Record> rows) {
    this.current = current;
    this.rows = rows;
  }

  /**
   * Claims the unclaimed row whose key columns hold the written row's values.
   *
   * @param writtenType the written row's struct type
   * @param written the row as written
   * @param keyIds the field ids of the key columns: top-level primitive columns of both types
   * @return the row, or null when none holds those values
   */
  Record claim(Types.StructType writtenType, Record written, List<Integer> keyIds) {
    Deque<Record> same = index(keyIds).get(key(writtenType, written, keyIds));
    while (same != null && !same.isEmpty()) {
      Record candidate = same.poll();
      if (claimed.add(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /**
   * Claims the unclaimed row that agrees with the written row on the most key columns, more than
   * half of them: the row it most likely became when a migration changed some of its values.
   *
   * @return the row, or null when none agrees on more than half of the key columns
   */
  Record closest(Types.StructType writtenType, Record written, List<Integer> keyIds) {
    List<Object> key = key(writtenType, written, keyIds);
    Record best = null;
    int bestAgreeing = keyIds.size() / 2;
    for (Record candidate : rows) {
      if (claimed.contains(candidate)) {
        continue;
      }
      List<Object> other = key(current, candidate, keyIds);
      int agreeing = 0;
      for (int i = 0; i < key.size(); i++) {
        agreeing += Objects.equals(key.get(i), other.get(i)) ? 1 : 0;
      }
      if (agreeing > bestAgreeing) {
        best = candidate;
        bestAgreeing = agreeing;
      }
    }
    if (best != null) {
      claimed.add(best);
    }
    return best;
  }

  private Map<List<Object>, Deque<Record>> index(List<Integer> keyIds) {
    return indexes.computeIfAbsent(
        keyIds,
        ids -> {
          Map<List<Object>, Deque<Record>> index = new HashMap<>();
          for (Record candidate : rows) {
            if (!claimed.contains(candidate)) {
              index
                  .computeIfAbsent(key(current, candidate, ids), k -> new ArrayDeque<>())
                  .add(candidate);
            }
          }
          return index;
        });
  }

  /** The values of a row's key columns, each in one form per current type. */
  private List<Object> key(Types.StructType type, Record row, List<Integer> keyIds) {
    List<Object> key = new ArrayList<>(keyIds.size());
    for (int id : keyIds) {
      Object value = row.getField(type.field(id).name());
      key.add(RowValues.canonical(current.field(id).type(), value));
    }
    return key;
  }
}
