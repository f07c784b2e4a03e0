package dev.icebergops.migration;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.ReplaceSortOrder;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.Table;
import org.apache.iceberg.UpdatePartitionSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Changes a table's partition spec and sort order. */
final class LayoutChanges {

  private static final Logger LOG = LoggerFactory.getLogger(MigrationContext.class);

  private LayoutChanges() {}

  static void updatePartitionSpec(
      MigrationContext ctx,
      String table,
      List<PartitionFieldSpec> addFields,
      List<String> removeFields) {
    String name = ctx.qualified(table);
    List<PartitionFieldSpec> adds = addFields == null ? List.of() : addFields;
    List<String> removes = removeFields == null ? List.of() : removeFields;
    if (adds.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException(
          "Cannot update partition spec of " + name + ": a field to add is null");
    }
    if (removes.stream().anyMatch(r -> r == null || r.isBlank())) {
      throw new IllegalArgumentException(
          "Cannot update partition spec of " + name + ": a field name to remove is empty");
    }
    if (adds.isEmpty() && removes.isEmpty()) {
      LOG.info("Partition spec of {} left unchanged: no fields to add or remove", name);
      return;
    }
    Table loaded = ctx.loadTable(table);
    Set<String> existing = new TreeSet<>();
    loaded.spec().fields().forEach(f -> existing.add(f.name()));
    for (String remove : removes) {
      if (!existing.contains(remove)) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot remove partition field %s from %s: it does not exist (partition fields:"
                    + " %s)",
                remove, name, existing));
      }
    }
    for (PartitionFieldSpec add : adds) {
      if (loaded.schema().findField(add.sourceColumn()) == null) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot add partition field %s to %s: source column %s does not exist",
                add.name(), name, add.sourceColumn()));
      }
    }
    UpdatePartitionSpec update = loaded.updateSpec();
    for (String remove : removes) {
      update.removeField(remove);
    }
    for (PartitionFieldSpec add : adds) {
      update.addField(add.name(), add.term());
    }
    update.commit();
    LOG.info("Updated partition spec of {}: added {}, removed {}", name, adds, removes);
  }

  static void replaceSortOrder(MigrationContext ctx, String table, List<SortColumn> sortColumns) {
    String name = ctx.qualified(table);
    List<SortColumn> columns = sortColumns == null ? List.of() : sortColumns;
    if (columns.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException(
          "Cannot replace sort order of " + name + ": a sort column is null");
    }
    Table loaded = ctx.loadTable(table);
    for (SortColumn column : columns) {
      if (loaded.schema().findField(column.column()) == null) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot replace sort order of %s: column %s does not exist",
                name, column.column()));
      }
    }
    ReplaceSortOrder update = loaded.replaceSortOrder();
    for (SortColumn column : columns) {
      if (column.direction() == SortDirection.ASC) {
        update.asc(column.column(), column.nullOrder());
      } else {
        update.desc(column.column(), column.nullOrder());
      }
    }
    update.commit();
    LOG.info("Replaced sort order of {} with {}", name, columns.isEmpty() ? "unsorted" : columns);
  }
}
