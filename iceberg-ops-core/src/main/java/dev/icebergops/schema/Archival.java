package dev.icebergops.schema;

import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a column out of the way as {@code <leaf>__legacy_N} (step 1) and puts it back when the step
 * that follows fails (the compensating transaction).
 */
record Archival(Table table) {

  static final String ARCHIVED_PREFIX = "[ARCHIVED]";

  private static final Logger LOG = LoggerFactory.getLogger(Archival.class);

  /** What step 1 changed, so that it can be undone. */
  record Archived(ColumnPath column, ColumnPath legacy, boolean wasRequired, String oldDoc) {}

  /**
   * Refuses archival of a column that the partition spec, the sort order or the identifier fields
   * reference (directly or through a nested field), since those references would follow its id.
   */
  private void checkNotReferenced(Schema schema, ColumnPath path, NestedField field) {
    Set<Integer> ids = TypeUtil.indexById(Types.StructType.of(field)).keySet();
    List<String> refs =
        Stream.of(
                table.spec().fields().stream()
                    .filter(partition -> ids.contains(partition.sourceId()))
                    .map(
                        partition ->
                            "the partition spec (partition field " + partition.name() + ")"),
                table.sortOrder().fields().stream()
                    .filter(sort -> ids.contains(sort.sourceId()))
                    .map(sort -> "the sort order"),
                schema.identifierFieldIds().stream()
                    .filter(ids::contains)
                    .map(id -> "the identifier fields"))
            .flatMap(Function.identity())
            .distinct()
            .toList();
    if (!refs.isEmpty()) {
      throw new IllegalArgumentException(
          String.format(
              "Cannot archive column %s.%s: it is referenced by %s, and the reference would move to"
                  + " the legacy column",
              table.name(), path, String.join(", ", refs)));
    }
  }

  /** Step 1: rename to the next free legacy name, make optional, prefix the doc; one commit. */
  private Archived archive(Schema schema, ColumnPath path, NestedField field) {
    ColumnPath legacy = path.sibling(nextLegacyName(path.siblings(schema), path.leaf()));
    String archivedDoc =
        field.doc() == null ? ARCHIVED_PREFIX : ARCHIVED_PREFIX + " " + field.doc();
    var update = table.updateSchema().renameColumn(path.full(), legacy.leaf());
    if (field.isRequired()) {
      update.makeColumnOptional(path.full());
    }
    update.updateColumnDoc(path.full(), archivedDoc).commit();
    LOG.info("Archived column {}.{} as {}", table.name(), path, legacy);
    return new Archived(path, legacy, field.isRequired(), field.doc());
  }

  /**
   * Archives a column that nothing references (step 1), then runs step 2; if it fails, undoes step
   * 1 and rethrows the step-2 error.
   *
   * @throws IllegalStateException if undoing step 1 fails as well, naming the stranded column
   */
  void completeOrRestore(Schema schema, ColumnPath path, NestedField field, Runnable step2) {
    checkNotReferenced(schema, path, field);
    Archived archived = archive(schema, path, field);
    try {
      step2.run();
    } catch (RuntimeException step2Error) {
      LOG.warn(
          "Step 2 failed after archiving {}.{}; restoring it: {}",
          table.name(),
          archived.column(),
          step2Error.toString());
      try {
        restore(archived);
      } catch (RuntimeException restoreError) {
        IllegalStateException stranded =
            new IllegalStateException(
                String.format(
                    "Cannot restore column %s.%s: it is stranded as %s.%s (step 2 failed with: %s;"
                        + " renaming it back failed with: %s)",
                    table.name(),
                    archived.column(),
                    table.name(),
                    archived.legacy(),
                    step2Error.getMessage(),
                    restoreError.getMessage()),
                step2Error);
        stranded.addSuppressed(restoreError);
        throw stranded;
      }
      throw step2Error;
    }
  }

  private void restore(Archived archived) {
    table.refresh();
    var update =
        table.updateSchema().renameColumn(archived.legacy().full(), archived.column().leaf());
    if (archived.wasRequired()) {
      // Step 1 made it optional; no writer may have written nulls since, so this is safe.
      update.allowIncompatibleChanges().requireColumn(archived.legacy().full());
    }
    update.updateColumnDoc(archived.legacy().full(), archived.oldDoc()).commit();
    LOG.info("Restored column {}.{} from {}", table.name(), archived.column(), archived.legacy());
  }

  /** {@code <leaf>__legacy_<max N among the siblings + 1>}. */
  static String nextLegacyName(List<NestedField> siblings, String leaf) {
    Pattern legacy = Pattern.compile(Pattern.quote(leaf) + "__legacy_(\\d+)");
    long max =
        siblings.stream()
            .map(sibling -> legacy.matcher(sibling.name()))
            .filter(m -> m.matches() && m.group(1).length() < 18)
            .mapToLong(m -> Long.parseLong(m.group(1)))
            .max()
            .orElse(0);
    return leaf + "__legacy_" + (max + 1);
  }
}
