package dev.icebergops.test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.icebergops.state.MetadataCopy;
import dev.icebergops.test.internal.RowFiles;
import dev.icebergops.test.internal.WalkSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.apache.iceberg.util.JsonUtil;

/**
 * One table's state, taken once and copied into other namespaces in a time that does not grow with
 * the number of commits behind it: the current metadata (every schema, spec and sort order with its
 * ids, the properties, the last column and partition ids) written as the first metadata file of a
 * new table and registered in the catalog, and the live data files copied beside it. A copy shares
 * no file with its source: it can append, delete, drop and purge without touching the source or
 * another copy.
 *
 * <p>A copy may keep only the current schema ({@link #of(TableIdentifier, Table, boolean, Map)}):
 * the metadata then does not grow with the number of schemas the table had.
 *
 * <p>The copy has one snapshot at most (the live data files appended at once), no snapshot log,
 * metadata log, branches, tags or statistics. A table with delete files is not copied ({@link #of}
 * refuses it): the rows it holds are not the rows of its data files alone.
 *
 * @param metadata the metadata file of a copy ({@link MetadataCopy#withoutHistory}), written once
 *     as JSON with stand-ins for its location, uuid and time: each copy replaces those, instead of
 *     writing every schema of the table again
 * @param omitted the schemas a lean copy leaves out, by id: put back by {@link
 *     #restoreEarlierSchemas} when a test's rollback may look one up; empty for a copy that keeps
 *     every schema
 * @param everySchema whether a copy keeps every schema the table had: its metadata grows with them
 */
record TableCopy(
    String name,
    TableIdentifier identifier,
    Schema schema,
    String metadata,
    Map<Integer, JsonNode> omitted,
    boolean everySchema,
    String location,
    List<DataFile> dataFiles,
    FileIO io) {

  /**
   * Stand-ins in {@link #metadata} for what each copy has of its own ({@link MetadataCopy#OWN}).
   */
  private static final String LOCATION = "@iceberg-ops-copy-location@";

  private static final String UUID_TOKEN = "@iceberg-ops-copy-uuid@";

  /** A number in the file: the stand-in is a string, replaced with its quotes. */
  private static final String UPDATED = "@iceberg-ops-copy-updated@";

  /**
   * The state of {@code table}, known in its catalog as {@code identifier}, now: with every schema
   * the table ever had when {@code earlierSchemas}, else with its current schema only (the field
   * ids and the last column id stay, so a column added to a copy gets the id it would get in the
   * table). The earlier schemas a walk left out of the table's metadata ({@code leftOut}, by id, as
   * the metadata's JSON holds them; empty for none) are put back, so that the copy is as if the
   * walk had kept them.
   *
   * @throws UnsupportedOperationException if the table does not expose its metadata, or has delete
   *     files
   */
  static TableCopy of(
      TableIdentifier identifier,
      Table table,
      boolean earlierSchemas,
      Map<Integer, JsonNode> leftOut) {
    if (!(table instanceof HasTableOperations ops)) {
      throw new UnsupportedOperationException(
          "Cannot copy table " + table.name() + ": it does not expose its metadata");
    }
    return of(
        identifier,
        table.name(),
        ops.operations().current(),
        liveDataFiles(table),
        table.io(),
        earlierSchemas,
        leftOut);
  }

  /**
   * As {@link #of(TableIdentifier, Table, boolean, Map)}, for a table {@code name} whose metadata
   * and live data files the caller has in hand (a cached template's, never registered): its data
   * files may lie in the store {@code io} serves or, as {@code file:} locations, on this machine.
   */
  static TableCopy of(
      TableIdentifier identifier,
      String name,
      TableMetadata current,
      List<DataFile> dataFiles,
      FileIO io,
      boolean earlierSchemas,
      Map<Integer, JsonNode> leftOut) {
    ObjectNode json = MetadataCopy.withoutHistory(current);
    if (!leftOut.isEmpty()) {
      WalkSchemas.keepSchemas(json, null, leftOut); // its own schemas win
    }
    Map<Integer, JsonNode> omitted = Map.of();
    if (!earlierSchemas) {
      // the current schema and the one of the highest id stay, so that a schema the copy adds gets
      // the id it would get in the table
      int highest = -1;
      for (JsonNode schema : json.withArray("schemas")) {
        highest = Math.max(highest, schema.path("schema-id").asInt(-1));
      }
      Set<Integer> keep = new TreeSet<>(List.of(current.currentSchemaId(), highest));
      omitted = Map.copyOf(WalkSchemas.keepSchemas(json, keep, Map.of()));
    }
    json.put("location", LOCATION);
    json.put("table-uuid", UUID_TOKEN);
    json.put("last-updated-ms", UPDATED);
    String metadata;
    try {
      metadata = JsonUtil.mapper().writeValueAsString(json);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    return new TableCopy(
        name,
        identifier,
        current.schema(),
        metadata,
        omitted,
        earlierSchemas,
        current.location(),
        dataFiles,
        io);
  }

  /** Whether a copy leaves out some of the table's earlier schemas. */
  boolean isLean() {
    return !omitted.isEmpty();
  }

  /**
   * Puts the schemas a lean copy left out back into {@code target}, a copy this made at {@code
   * location}, keeping everything the copy has now (its schemas, snapshots and data): its current
   * metadata, with those schemas added under their own ids, is written as a new metadata file and
   * the table registered again with it. Does nothing when the copy keeps every schema or {@code
   * target} no longer exists.
   *
   * @throws UncheckedIOException if the metadata file cannot be written
   */
  void restoreEarlierSchemas(Catalog catalog, TableIdentifier target, String location) {
    if (omitted.isEmpty() || !catalog.tableExists(target)) {
      return;
    }
    Table table = catalog.loadTable(target);
    TableMetadata now = ((HasTableOperations) table).operations().current();
    String json;
    try {
      ObjectNode metadata =
          (ObjectNode) JsonUtil.mapper().readTree(TableMetadataParser.toJson(now));
      WalkSchemas.keepSchemas(metadata, null, omitted);
      json = JsonUtil.mapper().writeValueAsString(metadata);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot restore the earlier schemas of " + target + ": " + e.getMessage(), e);
    }
    MetadataCopy.reregister(catalog, target, io, location, now.metadataFileLocation(), json);
  }

  private static List<DataFile> liveDataFiles(Table table) {
    if (table.currentSnapshot() == null) {
      return List.of();
    }
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks =
        table.newScan().planWith(MoreExecutors.newDirectExecutorService()).planFiles()) {
      for (FileScanTask task : tasks) {
        if (!task.deletes().isEmpty()) {
          throw new UnsupportedOperationException(
              "Cannot copy table " + table.name() + ": it has delete files");
        }
        files.add(task.file().copy());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /**
   * Creates {@code target} as a copy: at the location the catalog gives a new table of that name,
   * or under the location of {@code copies} (a class's copies) where it has one, with a metadata
   * file of its own and copies of the data files.
   *
   * @param copies the class's copies, or null for the location the catalog gives
   * @return the copy, loaded
   */
  Table copyTo(Catalog catalog, TableIdentifier target, ClassCopies copies) {
    String targetLocation = locationOf(catalog, target, copies);
    String copy = owned(metadata, targetLocation);
    // the JSON as it is: parsing it into TableMetadata and writing that back would cost two passes
    // over every schema of the table, and the catalog parses it when it registers the table
    Table table = MetadataCopy.register(catalog, target, io, targetLocation, copy);
    try {
      if (!dataFiles.isEmpty()) {
        List<DataFile> copied =
            dataFiles.stream().map(file -> copyFile(table, file, targetLocation)).toList();
        RowFiles.commit(table, table.newFastAppend(), copied);
      }
    } catch (RuntimeException e) {
      // the files copied so far, and the empty object a copy that failed to read its source wrote,
      // are in no metadata: a purge would leave them
      Namespaces.dropByLocation(catalog, target, io, targetLocation);
      throw e;
    }
    return table;
  }

  /**
   * {@code metadata}, a copy's ({@link #metadata}), made that of a new table at {@code location}.
   */
  static String owned(String metadata, String location) {
    return metadata
        .replace(LOCATION, new String(JsonStringEncoder.getInstance().quoteAsString(location)))
        .replace(UUID_TOKEN, UUID.randomUUID().toString())
        .replace('"' + UPDATED + '"', Long.toString(System.currentTimeMillis()));
  }

  /** The first of the table's data files that is gone from the store, if any: a request each. */
  Optional<String> missingDataFile() {
    return dataFiles.stream()
        .map(DataFile::location)
        .filter(
            file -> isLocal(file) ? !Files.exists(local(file)) : !io.newInputFile(file).exists())
        .findFirst();
  }

  /**
   * Drops {@code target}, a copy this made at {@code location}, with its files. A copy under the
   * location of {@code copies} is dropped alone: its files go with the class's. Else, a lean copy
   * ({@link #of(TableIdentifier, Table, boolean, Map)}) whose earlier schemas were not put back
   * ({@code schemasRestored}) goes through the catalog's purge: one request, in which the catalog
   * reads the copy's small metadata and deletes every file it names. Any other copy holds every
   * schema of the table, which a purge would read once more: it is dropped, and everything under
   * its location deleted.
   *
   * <p>A copy the test dropped or renamed is left alone, its files included (but for those under
   * the location of {@code copies}): the test decided where they go. So is a copy to delete by
   * prefix in a store that cannot: it stays in the namespace, whose drop then purges what is left.
   */
  void dropCopy(
      Catalog catalog,
      TableIdentifier target,
      String location,
      boolean schemasRestored,
      ClassCopies copies) {
    if (copies.holds(location)) {
      catalog.dropTable(target, false);
    } else if (!everySchema && !schemasRestored) {
      catalog.dropTable(target, true); // false when the test dropped or renamed it
    } else {
      Namespaces.dropByLocation(catalog, target, io, location);
    }
  }

  /**
   * Where the catalog puts a new table {@code target}: found from the source's own location when
   * that is the catalog's usual {@code <warehouse>/<namespace>/<table>} (no request), in the
   * location of {@code copies} under that warehouse when given, else asked of the catalog by
   * staging the table's creation.
   */
  private String locationOf(Catalog catalog, TableIdentifier target, ClassCopies copies) {
    String usual =
        "/" + String.join("/", identifier.namespace().levels()) + "/" + identifier.name();
    if (location.endsWith(usual)) {
      String warehouse = location.substring(0, location.length() - usual.length());
      String root = copies == null ? warehouse : copies.root(warehouse, io);
      return root + "/" + String.join("/", target.namespace().levels()) + "/" + target.name();
    }
    return catalog.newCreateTableTransaction(target, schema).table().location();
  }

  /** A copy of one data file under {@code targetLocation}, at the same relative path if it can. */
  private DataFile copyFile(Table table, DataFile file, String targetLocation) {
    String source = file.location();
    String relative =
        source.startsWith(location + "/")
            ? source.substring(location.length())
            : "/data/copied-"
                + UUID.randomUUID()
                + "-"
                + file.format().addExtension(source.substring(source.lastIndexOf('/') + 1));
    String path = targetLocation + relative;
    try (InputStream in =
            isLocal(source)
                ? Files.newInputStream(local(source))
                : io.newInputFile(source).newStream();
        PositionOutputStream out = io.newOutputFile(path).createOrOverwrite()) {
      in.transferTo(out);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot copy data file " + source + " of " + name, e);
    }
    return DataFiles.builder(table.specs().get(file.specId())).copy(file).withPath(path).build();
  }

  private static boolean isLocal(String location) {
    return location.startsWith("file:");
  }

  private static Path local(String location) {
    return Path.of(URI.create(location));
  }

  @Override
  public String toString() {
    return "TableCopy{" + name + ", " + dataFiles.size() + " data files}";
  }
}
