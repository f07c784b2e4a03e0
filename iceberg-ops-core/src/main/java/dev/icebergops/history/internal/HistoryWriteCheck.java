package dev.icebergops.history.internal;

import dev.icebergops.history.NamespaceHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types.NestedField;

/**
 * Refuses a write to a history table that another writer changed so that iceberg-ops cannot write
 * it as it reads it: a partition spec other than {@code [namespace]}, a column of the layout
 * renamed or dropped, a column it does not fill made required. The message names the table, the
 * change, the versions being recorded, and the Iceberg API call and Spark SQL that restore it;
 * nothing is written then. Reads are not affected.
 */
public final class HistoryWriteCheck {

  /** The columns every row iceberg-ops writes fills; any other column may be null. */
  private static final Set<String> FILLED =
      Set.of(
          HistoryFiles.VERSION,
          HistoryFiles.NAMESPACE,
          HistoryFiles.STATUS,
          HistoryFiles.UPDATED_AT);

  private HistoryWriteCheck() {}

  /**
   * Checks that iceberg-ops can write the table as it is now.
   *
   * @param table the history table, as the write will commit to it
   * @param identifier its identifier, for the message
   * @param namespace the namespace whose history is written
   * @param base the namespace's state as read
   * @param next the state the write stores: the versions whose rows differ are named
   * @throws IllegalStateException naming the change and how to restore it, if it cannot
   */
  public static void check(
      Table table, TableIdentifier identifier, NamespaceHistory base, NamespaceHistory next) {
    List<String> problems =
        Stream.concat(
                Stream.ofNullable(specProblem(table.spec(), table.schema(), identifier)),
                schemaProblems(table, identifier).stream())
            .toList();
    if (problems.isEmpty()) {
      return;
    }
    throw new IllegalStateException(
        "Cannot record %s of namespace %s in %s: %s"
            .formatted(
                recorded(HistoryRewrite.changed(base, next)),
                next.namespace(),
                identifier,
                String.join("; ", problems)));
  }

  private static String recorded(Set<String> keys) {
    Set<String> versions = new TreeSet<>(keys);
    boolean lease = versions.remove(HistoryFiles.LEASE_VERSION);
    if (versions.isEmpty()) {
      return lease ? "the run lease" : "the migration history";
    }
    return (versions.size() == 1 ? "migration " : "migrations ") + String.join(", ", versions);
  }

  private static String specProblem(PartitionSpec spec, Schema schema, TableIdentifier table) {
    NestedField namespace = schema.findField(HistoryFiles.NAMESPACE);
    boolean hasNamespace = false;
    List<String> api = new ArrayList<>();
    List<String> sql = new ArrayList<>();
    for (PartitionField field : spec.fields()) {
      if (namespace != null
          && field.sourceId() == namespace.fieldId()
          && field.transform().isIdentity()) {
        hasNamespace = true;
      } else {
        api.add(".removeField(\"" + field.name() + "\")");
        sql.add("ALTER TABLE " + table + " DROP PARTITION FIELD " + field.name());
      }
    }
    if (hasNamespace && api.isEmpty()) {
      return null;
    }
    if (!hasNamespace) {
      api.add(".addField(\"" + HistoryFiles.NAMESPACE + "\")");
      sql.add("ALTER TABLE " + table + " ADD PARTITION FIELD " + HistoryFiles.NAMESPACE);
    }
    return String.format(
        "its partition spec was changed by another writer (now %s, iceberg-ops writes"
            + " [namespace]); restore it with table.updateSpec()%s.commit() (Spark SQL: %s)",
        describe(spec, schema), String.join("", api), String.join("; ", sql));
  }

  private static String describe(PartitionSpec spec, Schema schema) {
    return spec.fields().stream()
        .map(
            field -> {
              String source = schema.findColumnName(field.sourceId());
              return field.transform().isIdentity()
                  ? source
                  : field.transform() + "(" + source + ")";
            })
        .toList()
        .toString();
  }

  private static List<String> schemaProblems(Table table, TableIdentifier identifier) {
    Schema schema = table.schema();
    List<String> problems = new ArrayList<>();
    Set<String> renamed = new TreeSet<>();
    for (NestedField column : HistoryFiles.SCHEMA.columns()) {
      if (schema.findField(column.name()) == null) {
        NestedField now = renamedTo(table, column.name());
        if (now != null) {
          renamed.add(now.name());
        }
        problems.add(missing(identifier, column, now));
      }
    }
    for (NestedField column : schema.columns()) {
      if (column.isRequired()
          && !FILLED.contains(column.name())
          && !renamed.contains(column.name())) {
        problems.add(
            String.format(
                "column %2$s was made required by another writer, and iceberg-ops does not write"
                    + " it; make it optional with"
                    + " table.updateSchema().makeColumnOptional(\"%2$s\").commit() (Spark SQL:"
                    + " ALTER TABLE %1$s ALTER COLUMN %2$s DROP NOT NULL)",
                identifier, column.name()));
      }
    }
    return problems;
  }

  /** The column a layout column was renamed to (an earlier schema had it), or null. */
  private static NestedField renamedTo(Table table, String name) {
    for (Schema earlier : table.schemas().values()) {
      NestedField was = earlier.findField(name);
      NestedField now = was == null ? null : table.schema().findField(was.fieldId());
      if (now != null) {
        return now;
      }
    }
    return null;
  }

  /** Why a column of the layout is missing (renamed to {@code now}, or dropped when null). */
  private static String missing(TableIdentifier identifier, NestedField column, NestedField now) {
    if (now != null) {
      return String.format(
          "column %2$s was renamed to %3$s by another writer; rename it back with"
              + " table.updateSchema().renameColumn(\"%3$s\", \"%2$s\").commit() (Spark SQL:"
              + " ALTER TABLE %1$s RENAME COLUMN %3$s TO %2$s)",
          identifier, column.name(), now.name());
    }
    return String.format(
        "column %2$s was dropped by another writer; add it back with"
            + " table.updateSchema().addColumn(\"%2$s\", %3$s).commit() (Spark SQL: ALTER TABLE"
            + " %1$s ADD COLUMN %2$s %3$s); the rows written before read it as null, and show as"
            + " unreadable until repair() removes them",
        identifier, column.name(), column.type());
  }
}
