package dev.icebergops.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;

/**
 * The columns of a schema by full dotted path ({@code element}, {@code key} and {@code value}
 * inside lists and maps), parents before their children; and the alignment of a later schema's
 * field ids to an earlier one's by path, for comparing tables whose ids were numbered afresh.
 */
public final class ColumnPaths {

  private ColumnPaths() {}

  /**
   * One column or nested field.
   *
   * @param path its full dotted path
   * @param parent its parent's path, empty at the top level
   * @param field the field
   */
  public record Column(String path, String parent, NestedField field) {}

  /**
   * A later schema with the ids of the earlier one where a path is in both.
   *
   * @param schema the later schema, renumbered
   * @param drift the paths whose id changed, in schema order: the earlier id, then the later one
   */
  public record Aligned(Schema schema, Map<String, List<Integer>> drift) {}

  /** Every field of a schema, parents before children, in schema order. */
  public static List<Column> of(Schema schema) {
    List<Column> columns = new ArrayList<>();
    visit(schema.asStruct(), "", columns);
    return columns;
  }

  /** The fields by path, in schema order. */
  public static Map<String, Column> byPath(Schema schema) {
    return of(schema).stream()
        .collect(Collectors.toMap(Column::path, c -> c, (a, b) -> b, LinkedHashMap::new));
  }

  /**
   * Renumbers {@code later} so that a path both schemas have carries the earlier id; a field on a
   * new path keeps its id (a rename keeps its id on both sides) unless the earlier schema gives
   * that id to a path the later one still has, then it gets a fresh one.
   */
  public static Aligned align(Schema earlier, Schema later) {
    Map<String, Column> was = byPath(earlier);
    Map<Integer, String> wasById = new HashMap<>();
    was.values().forEach(c -> wasById.put(c.field().fieldId(), c.path()));
    Map<String, Column> is = byPath(later);
    Map<Integer, Integer> ids = new HashMap<>();
    Map<String, List<Integer>> drift = new LinkedHashMap<>();
    int fresh = Math.max(earlier.highestFieldId(), later.highestFieldId());
    for (Column column : is.values()) {
      int id = column.field().fieldId();
      Column then = was.get(column.path());
      String owner = wasById.get(id);
      if (then != null) {
        ids.put(id, then.field().fieldId());
        if (then.field().fieldId() != id) {
          drift.put(column.path(), List.of(then.field().fieldId(), id));
        }
      } else {
        ids.put(id, owner == null || !is.containsKey(owner) ? id : ++fresh);
      }
    }
    Types.StructType struct = (Types.StructType) TypeUtil.assignIds(later.asStruct(), ids::get);
    Set<Integer> identifiers =
        later.identifierFieldIds().stream().map(ids::get).collect(Collectors.toSet());
    return new Aligned(new Schema(struct.fields(), identifiers), drift);
  }

  private static void visit(Type type, String parent, List<Column> out) {
    for (NestedField field : type.asNestedType().fields()) {
      String path = parent.isEmpty() ? field.name() : parent + "." + field.name();
      out.add(new Column(path, parent, field));
      if (field.type().isNestedType()) {
        visit(field.type(), path, out);
      }
    }
  }
}
