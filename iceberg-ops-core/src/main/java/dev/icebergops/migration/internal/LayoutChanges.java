package dev.icebergops.migration.internal;

import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.PartitionFieldSpec;
import dev.icebergops.migration.SortColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.ReplaceSortOrder;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdatePartitionSpec;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.Term;
import org.apache.iceberg.transforms.Transform;
import org.apache.iceberg.transforms.Transforms;
import org.apache.iceberg.types.Types.NestedField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Changes a table's partition spec and sort order, idempotently: a partition field that already
 * exists with the same source column and transform is not added again, a partition field that is
 * not there is not removed, and a sort order the table already has is not committed again.
 */
public final class LayoutChanges {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  private LayoutChanges() {}

  public static void updatePartitionSpec(
      MigrationContext ctx,
      String table,
      List<PartitionFieldSpec> addFields,
      List<String> removeFields) {
    String name = ctx.qualified(table);
    List<PartitionFieldSpec> adds = addFields == null ? List.of() : addFields;
    List<String> removes = removeFields == null ? List.of() : removeFields;
    checkFields(name, adds, removes);
    if (adds.isEmpty() && removes.isEmpty()) {
      LOG.info("Partition spec of {} left unchanged: no fields to add or remove", name);
      return;
    }
    Table loaded = ctx.loadTable(table);
    Map<String, PartitionField> live = liveFields(loaded);
    List<PartitionFieldSpec> toAdd = new ArrayList<>();
    Set<String> inPlace = new TreeSet<>();
    for (PartitionFieldSpec add : adds) {
      if (isInPlace(name, loaded.schema(), live, add, removes)) {
        inPlace.add(add.name());
      } else {
        toAdd.add(add);
      }
    }
    List<String> toRemove =
        removes.stream().filter(r -> live.containsKey(r) && !inPlace.contains(r)).toList();
    Set<String> absent =
        removes.stream()
            .filter(r -> !live.containsKey(r))
            .collect(Collectors.toCollection(TreeSet::new));
    if (toAdd.isEmpty() && toRemove.isEmpty()) {
      LOG.info(
          "Partition spec of {} left unchanged: already there {}, already absent {}",
          name,
          inPlace,
          absent);
      return;
    }
    UpdatePartitionSpec update = loaded.updateSpec();
    toRemove.forEach(update::removeField);
    toAdd.forEach(add -> update.addField(add.name(), term(add)));
    update.commit();
    LOG.info(
        "Updated partition spec of {}: added {}, removed {}{}",
        name,
        toAdd,
        toRemove,
        inPlace.isEmpty() && absent.isEmpty()
            ? ""
            : "; already there " + inPlace + ", already absent " + absent);
  }

  private static void checkFields(
      String name, List<PartitionFieldSpec> adds, List<String> removes) {
    if (adds.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException(
          "Cannot update partition spec of " + name + ": a field to add is null");
    }
    if (removes.stream().anyMatch(r -> r == null || r.isBlank())) {
      throw new IllegalArgumentException(
          "Cannot update partition spec of " + name + ": a field name to remove is empty");
    }
  }

  /**
   * The partition fields by name, leaving out the {@code void} fields a format-1 table keeps in
   * place of removed ones.
   */
  private static Map<String, PartitionField> liveFields(Table table) {
    return table.spec().fields().stream()
        .filter(field -> !"void".equals(field.transform().toString()))
        .collect(
            Collectors.toMap(
                PartitionField::name, field -> field, (a, b) -> b, LinkedHashMap::new));
  }

  /**
   * Whether a field to add already exists with the same name, source column and transform. A field
   * of that name with another source or transform, or the same source and transform under another
   * name, is refused unless the call also removes it.
   */
  private static boolean isInPlace(
      String table,
      Schema schema,
      Map<String, PartitionField> live,
      PartitionFieldSpec add,
      List<String> removes) {
    NestedField source = schema.findField(add.sourceColumn());
    if (source == null) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot add partition field %s to %s: source column %s does not exist",
              add.name(), table, add.sourceColumn()));
    }
    String transform = Transforms.fromString(source.type(), add.transform()).toString();
    PartitionField named = live.get(add.name());
    if (named != null) {
      if (named.sourceId() == source.fieldId() && named.transform().toString().equals(transform)) {
        return true;
      }
      if (!removes.contains(add.name())) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot add partition field %s to %s: it already exists as %s; remove it in the"
                    + " same call to replace it",
                add.name(), table, describe(schema, named)));
      }
      return false;
    }
    for (PartitionField field : live.values()) {
      if (field.sourceId() == source.fieldId()
          && field.transform().toString().equals(transform)
          && !removes.contains(field.name())) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot add partition field %s to %s: the table is already partitioned by %s as"
                    + " field %s",
                add.name(), table, transform + "(" + add.sourceColumn() + ")", field.name()));
      }
    }
    return false;
  }

  private static String describe(Schema schema, PartitionField field) {
    return field.transform() + "(" + schema.findColumnName(field.sourceId()) + ")";
  }

  public static void replaceSortOrder(
      MigrationContext ctx, String table, List<SortColumn> sortColumns) {
    String name = ctx.qualified(table);
    List<SortColumn> columns = sortColumns == null ? List.of() : sortColumns;
    if (columns.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException(
          "Cannot replace sort order of " + name + ": a sort column is null");
    }
    Table loaded = ctx.loadTable(table);
    ReplaceSortOrder update = loaded.replaceSortOrder();
    for (SortColumn column : columns) {
      if (loaded.schema().findField(column.column()) == null) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot replace sort order of %s: column %s does not exist",
                name, column.column()));
      }
      if (column.direction() == SortDirection.ASC) {
        update.asc(column.column(), column.nullOrder());
      } else {
        update.desc(column.column(), column.nullOrder());
      }
    }
    String order = columns.isEmpty() ? "unsorted" : columns.toString();
    if (update.apply().sameOrder(loaded.sortOrder())) {
      LOG.info("Sort order of {} left unchanged: it is already {}", name, order);
      return;
    }
    update.commit();
    LOG.info("Replaced sort order of {} with {}", name, order);
  }

  /** The transform a partition field applies to its source column, as an unbound term. */
  public static Term term(PartitionFieldSpec field) {
    Transform<?, ?> parsed = Transforms.fromString(field.transform());
    return Expressions.transform(field.sourceColumn(), parsed);
  }
}
