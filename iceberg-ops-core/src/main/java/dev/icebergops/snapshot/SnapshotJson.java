package dev.icebergops.snapshot;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.redaction.Redaction;
import dev.icebergops.state.MetadataCopy;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.relocated.com.google.common.collect.ImmutableList;
import org.apache.iceberg.util.JsonUtil;

/** The JSON of a {@link ShapeSnapshot}: stripped table metadata and history rows. */
final class SnapshotJson {

  private SnapshotJson() {}

  /** Iceberg's metadata JSON without its history, files and place, and no current snapshot. */
  static ObjectNode stripped(TableMetadata metadata) {
    ObjectNode json = MetadataCopy.withoutHistory(metadata);
    MetadataCopy.OWN.forEach(json::remove);
    return json;
  }

  /**
   * Drops each property whose name looks secret or whose value is a signed URL, adding {@code
   * <table>.<key>} to {@code dropped}, and masks the user information of URLs in the others.
   */
  static void keepSafeProperties(ObjectNode metadata, String table, Set<String> dropped) {
    JsonNode properties = metadata.get("properties");
    if (!(properties instanceof ObjectNode props)) {
      return;
    }
    for (String key : ImmutableList.copyOf(props.fieldNames())) {
      String value = props.get(key).asText();
      if (Redaction.isSecret(key) || Redaction.hasSignedUrl(value)) {
        dropped.add(table + "." + key);
        props.remove(key);
      } else {
        props.put(key, Redaction.shown(key, value));
      }
    }
  }

  /** A history row without its namespace (the namespace it is registered in gives it one). */
  static ObjectNode row(HistoryRecord row) {
    ObjectNode json = JsonUtil.mapper().createObjectNode();
    json.put("version", row.version());
    json.put("description", row.description());
    json.put("status", row.status().value());
    json.put("error", row.error() == null ? null : Redaction.scrub(row.error(), Map.of()));
    json.put("checksum", row.checksum());
    json.put("updated_at", row.updatedAt().toString());
    json.put("duration_ms", row.durationMs());
    json.put("operation", row.operation());
    ArrayNode steps = json.putArray("steps");
    row.steps().forEach(steps::add);
    json.put("run_id", row.runId());
    return json;
  }

  /** A row {@link #row} wrote, in {@code namespace}. */
  static HistoryRecord row(JsonNode json, String namespace) {
    List<String> steps = new ArrayList<>();
    json.path("steps").forEach(step -> steps.add(step.asText()));
    return new HistoryRecord(
        json.path("version").asText(),
        namespace,
        text(json, "description"),
        HistoryRecord.Status.fromValue(json.path("status").asText()),
        text(json, "error"),
        text(json, "checksum"),
        Instant.parse(json.path("updated_at").asText()),
        json.path("duration_ms").asLong(),
        text(json, "operation"),
        steps,
        text(json, "run_id"));
  }

  private static String text(JsonNode json, String field) {
    JsonNode value = json.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  /**
   * The JSON of {@code file} of the snapshot at {@code location}.
   *
   * @throws IllegalArgumentException naming the location, the file and the place when it does not
   *     parse (a truncated copy, a bad merge)
   */
  static JsonNode parse(String location, String file, String text) {
    try {
      return JsonUtil.mapper().readTree(text);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new IllegalArgumentException(
          "Cannot read the snapshot at %s: %s is not valid JSON%s (%s)"
              .formatted(
                  location,
                  file,
                  at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr(),
                  e.getOriginalMessage().replaceAll("(?s)\\s*\\(start marker at .*", "")),
          e);
    }
  }

  static String pretty(JsonNode json) {
    try {
      return JsonUtil.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
