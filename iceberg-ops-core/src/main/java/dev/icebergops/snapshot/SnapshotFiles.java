package dev.icebergops.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.icebergops.history.HistoryRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.iceberg.util.JsonUtil;

/**
 * The files of a {@link ShapeSnapshot}: {@code snapshot.json}, {@code tables/<table>.json} and
 * {@code history.json}, pretty-printed with sorted tables so that a re-export shows in a diff only
 * what changed.
 */
final class SnapshotFiles {

  static final String MANIFEST = "snapshot.json";
  static final String HISTORY = "history.json";
  static final String TABLES = "tables";
  private static final String CLASSPATH = "classpath:";

  private SnapshotFiles() {}

  /** What the files hold: the namespace, its tables' metadata, its history rows. */
  record Contents(
      String namespace,
      Map<String, ObjectNode> tables,
      List<HistoryRecord> history,
      SortedSet<String> droppedProperties) {
    Contents {
      tables = new TreeMap<>(tables);
      history = List.copyOf(history);
      droppedProperties = new TreeSet<>(droppedProperties);
    }
  }

  static void write(Contents snapshot, String version, Path dir) {
    try {
      Path tables = dir.resolve(TABLES);
      Files.createDirectories(tables);
      try (Stream<Path> old = Files.list(tables)) {
        for (Path file : old.toList()) {
          if (!snapshot.tables().containsKey(file.getFileName().toString().replace(".json", ""))) {
            Files.delete(file);
          }
        }
      }
      ObjectNode manifest = JsonUtil.mapper().createObjectNode();
      manifest.put("format", 1);
      manifest.put("namespace", snapshot.namespace());
      manifest.put("version", version);
      ArrayNode names = manifest.putArray("tables");
      snapshot.tables().keySet().forEach(names::add);
      ArrayNode dropped = manifest.putArray("dropped-properties");
      snapshot.droppedProperties().forEach(dropped::add);
      Files.writeString(dir.resolve(MANIFEST), SnapshotJson.pretty(manifest));
      for (Map.Entry<String, ObjectNode> table : snapshot.tables().entrySet()) {
        Files.writeString(
            tables.resolve(table.getKey() + ".json"), SnapshotJson.pretty(table.getValue()));
      }
      ArrayNode rows = JsonUtil.mapper().createArrayNode();
      snapshot.history().forEach(row -> rows.add(SnapshotJson.row(row)));
      Files.writeString(dir.resolve(HISTORY), SnapshotJson.pretty(rows));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the snapshot into " + dir, e);
    }
  }

  static Contents read(String location) {
    JsonNode manifest = SnapshotJson.parse(location, MANIFEST, text(location, MANIFEST));
    String namespace = manifest.path("namespace").asText();
    Map<String, ObjectNode> tables = new TreeMap<>();
    for (JsonNode name : manifest.path("tables")) {
      String file = TABLES + "/" + name.asText() + ".json";
      tables.put(
          name.asText(), (ObjectNode) SnapshotJson.parse(location, file, text(location, file)));
    }
    List<HistoryRecord> rows = new ArrayList<>();
    JsonNode history = SnapshotJson.parse(location, HISTORY, text(location, HISTORY));
    for (int i = 0; i < history.size(); i++) {
      try {
        rows.add(SnapshotJson.row(history.get(i), namespace));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot read the snapshot at %s: row %d of %s is not a history row (%s)",
                location, i + 1, HISTORY, e.getMessage()),
            e);
      }
    }
    SortedSet<String> dropped = new TreeSet<>();
    manifest.path("dropped-properties").forEach(key -> dropped.add(key.asText()));
    return new Contents(namespace, tables, rows, dropped);
  }

  private static String text(String location, String file) {
    try {
      if (!location.startsWith(CLASSPATH)) {
        return Files.readString(Path.of(location).resolve(file));
      }
      String resource = location.substring(CLASSPATH.length()).replaceAll("^/+|/+$", "");
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      try (InputStream in =
          (loader == null ? SnapshotFiles.class.getClassLoader() : loader)
              .getResourceAsStream(resource + "/" + file)) {
        if (in == null) {
          throw new IllegalArgumentException(
              "Cannot read the snapshot at " + location + ": no " + file + " on the classpath");
        }
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IllegalArgumentException(
          "Cannot read the snapshot at " + location + ": no " + file, e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the snapshot at " + location, e);
    }
  }
}
