package dev.icebergops.state;

import dev.icebergops.migration.internal.SchemaRestore;
import dev.icebergops.migration.internal.ViewChanges;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.NullOrder;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.SortDirection;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.view.SQLViewRepresentation;
import org.apache.iceberg.view.ViewMetadata;

/**
 * One table's or view's state: its identity (uuid), schema (column order and identifier fields
 * included), partition spec, sort order, format version, location, properties and branches and
 * tags, and the facts of its metadata the checks read (metadata file, current snapshot, when and
 * where it was created).
 *
 * @param name the table's name, qualified or not as its reader chose
 * @param uuid the table's uuid, or null when unknown
 * @param schema the current schema
 * @param partition the partition fields, without the void ones (a removed field of format 1)
 * @param sortOrder the sort order's fields; empty when unsorted
 * @param formatVersion the format version
 * @param location the table's location
 * @param properties the table's properties
 * @param metadataLocation the current metadata file, or null when not exposed
 * @param snapshotId the current snapshot's id, or null before the first one
 * @param origin when and where the table was created, as far as its metadata log tells
 * @param refs the branches and tags other than main, by name only: {@code branch audit}, {@code tag
 *     v1}, sorted
 * @param view of a view, its current version's SQL by dialect, sorted (schema, uuid, location,
 *     properties and format version are the view's own; it has no partition, sort order, snapshot
 *     or refs); null for a table
 */
public record TableState(
    String name,
    String uuid,
    Schema schema,
    List<PartitionField> partition,
    List<SortKey> sortOrder,
    int formatVersion,
    String location,
    Map<String, String> properties,
    String metadataLocation,
    Long snapshotId,
    Origin origin,
    List<String> refs,
    SortedMap<String, String> view) {

  /** Copies the lists and the maps, leaving out the runner's records of earlier versions. */
  public TableState {
    partition = List.copyOf(partition);
    refs = refs.stream().sorted().toList();
    sortOrder = List.copyOf(sortOrder);
    properties =
        properties.entrySet().stream()
            .filter(e -> !e.getKey().startsWith(SchemaRestore.BEFORE_UPGRADE))
            .filter(e -> !e.getKey().startsWith(ViewChanges.BEFORE_UPGRADE))
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));
    view = view == null ? null : Collections.unmodifiableSortedMap(new TreeMap<>(view));
  }

  /** The state of a view read from its metadata. */
  public static TableState of(String name, ViewMetadata metadata) {
    SortedMap<String, String> queries = new TreeMap<>();
    metadata.currentVersion().representations().stream()
        .filter(SQLViewRepresentation.class::isInstance)
        .map(SQLViewRepresentation.class::cast)
        .forEach(q -> queries.put(q.dialect().toLowerCase(Locale.ROOT), q.sql()));
    return new TableState(
        name,
        metadata.uuid(),
        metadata.schema(),
        List.of(),
        List.of(),
        metadata.formatVersion(),
        metadata.location(),
        metadata.properties(),
        metadata.metadataFileLocation(),
        null,
        new Origin(null, null),
        List.of(),
        queries);
  }

  /** Whether this is a view's state. */
  public boolean isView() {
    return view != null;
  }

  /** One partition field: its source column, transform and name. */
  public record PartitionField(String source, String transform, String name) {}

  /** One sort field: its column, transform, direction and null order. */
  public record SortKey(
      String column, String transform, SortDirection direction, NullOrder nullOrder) {

    /** {@code ts ASC NULLS FIRST}, {@code bucket[4](id) DESC NULLS LAST}; lower case if asked. */
    public String describe(boolean lowerCase) {
      String term = "identity".equals(transform) ? column : transform + "(" + column + ")";
      String order = direction + " " + nullOrder;
      return term + " " + (lowerCase ? order.toLowerCase(Locale.ROOT) : order);
    }
  }

  /**
   * When and where the table was created.
   *
   * @param createdAtMillis when its first metadata was written, or null when the metadata log no
   *     longer reaches back to it
   * @param location the location its first known metadata file lies under, or null when unknown
   */
  public record Origin(Long createdAtMillis, String location) {}

  /** The state of a table read from its metadata. */
  public static TableState of(String name, TableMetadata metadata) {
    Snapshot current = metadata.currentSnapshot();
    Schema schema = metadata.schema();
    return new TableState(
        name,
        metadata.uuid(),
        schema,
        partition(schema, metadata.spec()),
        sortOrder(schema, metadata.sortOrder()),
        metadata.formatVersion(),
        metadata.location(),
        metadata.properties(),
        metadata.metadataFileLocation(),
        current == null ? null : current.snapshotId(),
        origin(metadata),
        refs(metadata.refs()),
        null);
  }

  /** The state of a loaded table; without its metadata, from what the table tells. */
  public static TableState of(String name, Table table) {
    if (table instanceof HasTableOperations withOps && withOps.operations().current() != null) {
      return of(name, withOps.operations().current());
    }
    Snapshot current = table.currentSnapshot();
    Schema schema = table.schema();
    return new TableState(
        name,
        table.uuid().toString(),
        schema,
        partition(schema, table.spec()),
        sortOrder(schema, table.sortOrder()),
        0,
        table.location(),
        table.properties(),
        null,
        current == null ? null : current.snapshotId(),
        new Origin(null, null),
        refs(table.refs()),
        null);
  }

  /**
   * The same table as a comparison should see it: with another uuid, location, schema (renumbered,
   * say) or properties.
   */
  public TableState comparedAs(
      String newUuid, String newLocation, Schema newSchema, Map<String, String> newProperties) {
    return new TableState(
        name,
        newUuid,
        newSchema,
        partition,
        sortOrder,
        formatVersion,
        newLocation,
        newProperties,
        metadataLocation,
        snapshotId,
        origin,
        refs,
        view);
  }

  private static List<String> refs(Map<String, SnapshotRef> refs) {
    return refs.entrySet().stream()
        .filter(ref -> !SnapshotRef.MAIN_BRANCH.equals(ref.getKey()))
        .map(ref -> (ref.getValue().isBranch() ? "branch " : "tag ") + ref.getKey())
        .toList();
  }

  private static List<PartitionField> partition(Schema schema, PartitionSpec spec) {
    return spec.fields().stream()
        .filter(f -> !"void".equals(f.transform().toString()))
        .map(
            f ->
                new PartitionField(
                    column(schema, f.sourceId()), f.transform().toString(), f.name()))
        .toList();
  }

  private static List<SortKey> sortOrder(Schema schema, SortOrder order) {
    return order.fields().stream()
        .map(
            f ->
                new SortKey(
                    column(schema, f.sourceId()),
                    f.transform().toString(),
                    f.direction(),
                    f.nullOrder()))
        .toList();
  }

  /** The names of the top-level columns, in order. */
  public List<String> topLevelColumns() {
    return schema.columns().stream().map(c -> c.name()).toList();
  }

  private static Origin origin(TableMetadata metadata) {
    var log = metadata.previousFiles();
    String first = log.isEmpty() ? metadata.metadataFileLocation() : log.get(0).file();
    int at = first == null ? -1 : first.lastIndexOf("/metadata/");
    boolean ownPath = !metadata.properties().containsKey("write.metadata.path");
    String location = at < 0 || !ownPath ? null : first.substring(0, at);
    int kept =
        Integer.parseInt(
            metadata.properties().getOrDefault("write.metadata.previous-versions-max", "100"));
    Long created =
        log.isEmpty()
            ? Long.valueOf(metadata.lastUpdatedMillis())
            : log.size() < kept ? Long.valueOf(log.get(0).timestampMillis()) : null;
    return new Origin(created, location);
  }

  private static String column(Schema schema, int id) {
    String name = schema.findColumnName(id);
    return name != null ? name : "(dropped column id=" + id + ")";
  }
}
