package dev.icebergops.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.MigrationHistory;
import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.state.MetadataCopy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.util.JsonUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shape of a namespace at one moment: each table's current metadata (schemas with their field
 * ids, partition specs, sort orders, properties) without data, snapshots, refs, statistics,
 * metadata log, location or uuid, and the namespace's migration history rows. Exported from a live
 * catalog and written as files for a repository; registered in a test catalog so that migrations
 * can be tried on production's shape.
 *
 * <pre>{@code
 * ShapeSnapshot.export(catalog, "sales", history).writeTo(Path.of("src/test/resources/snapshots/prod/sales"));
 * ShapeSnapshot.read("classpath:snapshots/prod/sales").registerIn(testRunner); // of sales_test
 * }</pre>
 *
 * <p>No secret leaves the catalog: a property whose name looks secret ({@link
 * dev.icebergops.redaction.Redaction#isSecret}) or whose value is a signed URL is dropped (only its
 * key is listed, in {@code snapshot.json}), and the user information of a URL is masked.
 */
public final class ShapeSnapshot {

  private static final Logger LOG = LoggerFactory.getLogger(ShapeSnapshot.class);

  // the files: pretty-printed, tables sorted, so that a re-export shows in a diff only what changed
  private static final String MANIFEST = "snapshot.json";
  private static final String HISTORY = "history.json";
  private static final String TABLES = "tables";
  private static final String CLASSPATH = "classpath:";

  private final String namespace;
  private final SortedMap<String, ObjectNode> tables;
  private final List<HistoryRecord> history;
  private final SortedSet<String> droppedProperties;

  private ShapeSnapshot(
      String namespace,
      Map<String, ObjectNode> tables,
      List<HistoryRecord> history,
      SortedSet<String> droppedProperties) {
    this.namespace = namespace;
    this.tables = new TreeMap<>(tables);
    this.history = List.copyOf(history);
    this.droppedProperties = new TreeSet<>(droppedProperties);
  }

  /**
   * Takes the shape of a live namespace: its tables' current metadata and its history rows. Reads
   * only.
   *
   * @param catalog the live catalog
   * @param namespace the namespace, dotted when nested
   * @param history the history table of the namespace's migrations
   * @return the snapshot
   * @throws IllegalArgumentException if a table does not expose its metadata
   */
  public static ShapeSnapshot export(Catalog catalog, String namespace, MigrationHistory history) {
    Map<String, ObjectNode> tables = new TreeMap<>();
    SortedSet<String> dropped = new TreeSet<>();
    for (TableIdentifier id : catalog.listTables(TableNames.namespace(namespace))) {
      Table table = catalog.loadTable(id);
      if (!(table instanceof HasTableOperations ops)) {
        throw new IllegalArgumentException(
            "Cannot export table " + id + ": the catalog does not expose its metadata");
      }
      TableMetadata current = ops.operations().current();
      ObjectNode json = SnapshotJson.stripped(current);
      SnapshotJson.keepSafeProperties(json, id.name(), dropped);
      tables.put(id.name(), json);
    }
    List<HistoryRecord> rows = history.read(namespace);
    LOG.info(
        "Exported the shape of {} tables and {} history rows of {}; dropped properties {}",
        tables.size(),
        rows.size(),
        namespace,
        dropped);
    return new ShapeSnapshot(namespace, tables, rows, dropped);
  }

  /**
   * Reads a snapshot that {@link #writeTo} wrote.
   *
   * @param location {@code classpath:<path>} or a directory
   * @return the snapshot
   * @throws IllegalArgumentException if the location has no snapshot or a file does not parse
   */
  public static ShapeSnapshot read(String location) {
    JsonNode manifest = json(location, MANIFEST);
    String namespace = manifest.path("namespace").asText();
    Map<String, ObjectNode> tables = new TreeMap<>();
    for (JsonNode name : manifest.path("tables")) {
      tables.put(
          name.asText(), (ObjectNode) json(location, TABLES + "/" + name.asText() + ".json"));
    }
    List<HistoryRecord> rows = new ArrayList<>();
    JsonNode history = json(location, HISTORY);
    for (int i = 0; i < history.size(); i++) {
      try {
        rows.add(SnapshotJson.row(history.get(i), namespace));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot read the snapshot at %s: row %s of %s is not a history row (%s)",
                location, i + 1, HISTORY, e.getMessage()),
            e);
      }
    }
    SortedSet<String> dropped = new TreeSet<>();
    manifest.path("dropped-properties").forEach(key -> dropped.add(key.asText()));
    return new ShapeSnapshot(namespace, tables, rows, dropped);
  }

  /**
   * Writes the snapshot into a directory: {@code snapshot.json} (the namespace, recorded version,
   * tables and dropped property keys), {@code tables/<table>.json} and {@code history.json}.
   *
   * @param dir the directory, created if missing; files of tables no longer there are removed
   * @throws UncheckedIOException if a file cannot be written
   */
  public void writeTo(Path dir) {
    try {
      Path tableFiles = dir.resolve(TABLES);
      Files.createDirectories(tableFiles);
      try (Stream<Path> old = Files.list(tableFiles)) {
        for (Path file : old.toList()) {
          if (!tables.containsKey(file.getFileName().toString().replace(".json", ""))) {
            Files.delete(file);
          }
        }
      }
      ObjectNode manifest = JsonUtil.mapper().createObjectNode();
      manifest.put("format", 1);
      manifest.put("namespace", namespace);
      manifest.put("version", version());
      ArrayNode names = manifest.putArray("tables");
      tables.keySet().forEach(names::add);
      ArrayNode dropped = manifest.putArray("dropped-properties");
      droppedProperties.forEach(dropped::add);
      Files.writeString(dir.resolve(MANIFEST), SnapshotJson.pretty(manifest));
      for (Map.Entry<String, ObjectNode> table : tables.entrySet()) {
        Files.writeString(
            tableFiles.resolve(table.getKey() + ".json"), SnapshotJson.pretty(table.getValue()));
      }
      ArrayNode rows = JsonUtil.mapper().createArrayNode();
      history.forEach(row -> rows.add(SnapshotJson.row(row)));
      Files.writeString(dir.resolve(HISTORY), SnapshotJson.pretty(rows));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the snapshot into " + dir, e);
    }
  }

  /** The namespace the snapshot was taken of. */
  public String namespace() {
    return namespace;
  }

  /** The highest applied version in the history rows, or null when none is applied. */
  public String version() {
    return history.stream()
        .filter(row -> row.status() == HistoryRecord.Status.APPLIED)
        .map(HistoryRecord::version)
        .max(Comparator.naturalOrder())
        .orElse(null);
  }

  /** The tables' names, sorted. */
  public SortedSet<String> tables() {
    return new TreeSet<>(tables.keySet());
  }

  /** The keys ({@code <table>.<property>}) of the properties left out as secret, sorted. */
  public SortedSet<String> droppedProperties() {
    return new TreeSet<>(droppedProperties);
  }

  /** The history rows, as exported. */
  public List<HistoryRecord> history() {
    return history;
  }

  /**
   * Creates the snapshot's tables in {@code namespace} of {@code catalog}, each with its recorded
   * metadata (same field ids, specs, sort orders, properties) at the location the catalog gives a
   * new table, and writes the history rows as that namespace's, so its pending versions are those
   * after {@link #version()}.
   *
   * <pre>{@code
   * ShapeSnapshot.read("classpath:snapshots/prod/sales").registerIn(testRunner);
   * }</pre>
   *
   * @param runner the runner of the namespace (created if missing; it must have no such table and
   *     no history) in its catalog (a test catalog), whose history table gets the rows
   * @throws IllegalStateException naming the table when one cannot be registered
   * @throws dev.icebergops.history.HistoryConflictException if the namespace has history already
   */
  public void registerIn(MigrationRunner runner) {
    Catalog catalog = runner.catalog();
    String target = runner.namespace();
    Namespace ns = TableNames.namespace(target);
    if (catalog instanceof SupportsNamespaces namespaces && !namespaces.namespaceExists(ns)) {
      namespaces.createNamespace(ns);
    }
    tables.forEach((name, json) -> register(catalog, TableIdentifier.of(ns, name), json));
    List<HistoryRecord> rows = history.stream().map(row -> row.inNamespace(target)).toList();
    if (!rows.isEmpty()) {
      RunnerSeam.seedHistory(runner, Map.of(target, rows));
    }
  }

  private static void register(Catalog catalog, TableIdentifier id, ObjectNode shape) {
    Table staged = catalog.newCreateTableTransaction(id, new Schema()).table();
    ObjectNode json = MetadataCopy.ownedAt(shape.deepCopy(), staged.location());
    String text;
    try {
      text = TableMetadataParser.toJson(TableMetadataParser.fromJson(json));
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "Cannot register table " + id + " from a snapshot: " + e.getMessage(), e);
    }
    MetadataCopy.register(catalog, id, staged.io(), staged.location(), text);
  }

  private static JsonNode json(String location, String file) {
    try {
      if (!location.startsWith(CLASSPATH)) {
        return SnapshotJson.parse(
            location, file, Files.readString(Path.of(location).resolve(file)));
      }
      String resource = location.substring(CLASSPATH.length()).replaceAll("^/+|/+$", "");
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      try (InputStream in =
          (loader == null ? ShapeSnapshot.class.getClassLoader() : loader)
              .getResourceAsStream(resource + "/" + file)) {
        if (in == null) {
          throw new IllegalArgumentException(
              "Cannot read the snapshot at " + location + ": no " + file + " on the classpath");
        }
        return SnapshotJson.parse(
            location, file, new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IllegalArgumentException(
          "Cannot read the snapshot at " + location + ": no " + file, e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the snapshot at " + location, e);
    }
  }
}
