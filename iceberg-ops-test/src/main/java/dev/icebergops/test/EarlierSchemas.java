package dev.icebergops.test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.util.JsonUtil;

/**
 * The earlier schemas a cached template's table keeps apart, by id, as its metadata's JSON holds
 * them: their ids known at once, their JSON parsed only when a copy first needs them (before a
 * test's first rollback, or for a copy that keeps every schema). At N = 300 they are nearly all of
 * the entry, so that a class whose copies stay lean never parses them.
 */
final class EarlierSchemas extends AbstractMap<Integer, JsonNode> implements Serializable {

  private static final long serialVersionUID = 1L;

  private final TreeSet<Integer> ids;
  private final byte[] json;
  private transient Map<Integer, JsonNode> parsed;

  private EarlierSchemas(TreeSet<Integer> ids, byte[] json) {
    this.ids = ids;
    this.json = json;
  }

  /** {@code schemas} kept apart, to be parsed again on first use. */
  static EarlierSchemas of(Map<Integer, JsonNode> schemas) {
    try {
      return new EarlierSchemas(
          new TreeSet<>(schemas.keySet()),
          JsonUtil.mapper().writeValueAsBytes(new TreeMap<>(schemas).values()));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public int size() {
    return ids.size();
  }

  @Override
  public boolean containsKey(Object id) {
    return ids.contains(id);
  }

  @Override
  public Set<Integer> keySet() {
    return Collections.unmodifiableSet(ids);
  }

  @Override
  public synchronized Set<Entry<Integer, JsonNode>> entrySet() {
    if (parsed == null) {
      Map<Integer, JsonNode> schemas = new TreeMap<>();
      try {
        for (JsonNode schema : JsonUtil.mapper().readTree(json)) {
          schemas.put(schema.path("schema-id").asInt(-1), schema);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read the earlier schemas of a cached template", e);
      }
      parsed = Map.copyOf(schemas);
    }
    return parsed.entrySet();
  }
}
