package dev.icebergops.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.util.JsonUtil;

/**
 * Copies a table's metadata and registers it as a new table: the one way production snapshots and
 * the toolkit's template copies make a table of another's metadata. A copy keeps every schema, spec
 * and sort order with its ids and the properties, and leaves out the table's own history and files;
 * it gets a location, a uuid and a time of its own, and its metadata is written as the first
 * metadata file of the new table ({@code 00000-<uuid>.metadata.json}).
 */
public final class MetadataCopy {

  /** The parts of a metadata file that name the table's own history or files. */
  private static final List<String> HISTORY =
      List.of(
          "snapshots",
          "snapshot-log",
          "metadata-log",
          "refs",
          "statistics",
          "partition-statistics");

  /** What a copy has of its own, given anew when it is registered. */
  public static final List<String> OWN = List.of("location", "table-uuid", "last-updated-ms");

  private MetadataCopy() {}

  /** A table's metadata as JSON without its history and files, and with no current snapshot. */
  public static ObjectNode withoutHistory(TableMetadata metadata) {
    try {
      ObjectNode json =
          (ObjectNode) JsonUtil.mapper().readTree(TableMetadataParser.toJson(metadata));
      HISTORY.forEach(json::remove);
      json.put("current-snapshot-id", -1L);
      return json;
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Gives a copy's JSON its own location, a new uuid and the time now. */
  public static ObjectNode ownedAt(ObjectNode json, String location) {
    json.put("location", location);
    json.put("table-uuid", UUID.randomUUID().toString());
    json.put("last-updated-ms", System.currentTimeMillis());
    return json;
  }

  /**
   * Writes {@code metadataJson} as the first metadata file of a new table at {@code location} and
   * registers it as {@code id}.
   *
   * @return the table, loaded
   * @throws UncheckedIOException if the metadata file cannot be written
   */
  public static Table register(
      Catalog catalog, TableIdentifier id, FileIO io, String location, String metadataJson) {
    String file = location + "/metadata/00000-" + UUID.randomUUID() + ".metadata.json";
    write(io, file, metadataJson, id);
    return catalog.registerTable(id, file);
  }

  /**
   * Writes {@code metadataJson} as the next metadata file of {@code id}, whose current file is
   * {@code current}, and registers the table again with it.
   */
  public static void reregister(
      Catalog catalog,
      TableIdentifier id,
      FileIO io,
      String location,
      String current,
      String metadataJson) {
    String file = location + "/metadata/" + nextMetadataFileName(current);
    write(io, file, metadataJson, id);
    catalog.dropTable(id, false);
    catalog.registerTable(id, file);
  }

  /**
   * The name Iceberg would give the metadata file after {@code current}: {@code <version +
   * 1>-<uuid>.metadata.json}. A catalog that registers a file takes the table's version from its
   * name, and Iceberg's server logs a warning with a stack trace for a name it cannot read.
   */
  static String nextMetadataFileName(String current) {
    String name = current.substring(current.lastIndexOf('/') + 1);
    int dash = name.indexOf('-');
    int version = -1;
    if (dash > 0 && dash < 10 && name.substring(0, dash).chars().allMatch(Character::isDigit)) {
      version = Integer.parseInt(name.substring(0, dash)); // at most nine digits: an int
    }
    return String.format(Locale.ROOT, "%05d-%s.metadata.json", version + 1, UUID.randomUUID());
  }

  private static void write(FileIO io, String file, String json, TableIdentifier id) {
    // a name no file has yet (a new uuid): create() would first ask the store whether it exists
    try (PositionOutputStream out = io.newOutputFile(file).createOrOverwrite()) {
      out.write(json.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the metadata of " + id, e);
    }
  }
}
