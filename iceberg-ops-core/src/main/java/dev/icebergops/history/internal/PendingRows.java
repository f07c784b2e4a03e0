package dev.icebergops.history.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.NamespaceHistory;
import dev.icebergops.history.RunLease;
import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.util.JsonUtil;

/**
 * A namespace's rows recorded since its last data commit of the history table, held in one table
 * property ({@code iceberg-ops.pending.<namespace>}) so that a version's record rides on the
 * version's own multi-table commit as a metadata-only change: no data file, manifest or snapshot.
 * Only the lease's holder writes them, in a commit that also asserts the lease tag (on a REST
 * catalog); every read of the namespace's current state lays them over the rows of the data files.
 * The holder's next data commit of the namespace (the release at a run's end, a write past {@value
 * #MAX_ROWS} rows, any write that cannot carry them) stores them as rows and removes the property.
 *
 * <p>A value here is always newer than the same row in the data files, with one exception: a run
 * that took the lease over, or an operator who released it, wrote a data commit while the property
 * of the former holder stayed. So the lease in the property counts only while the data files name
 * the same holder; the rows always count.
 */
public final class PendingRows {

  /** The prefix of the table property that holds a namespace's pending rows. */
  public static final String PROPERTY_PREFIX = "iceberg-ops.pending.";

  /** The most rows (the lease among them) a namespace's property holds before a data commit. */
  static final int MAX_ROWS = 64;

  private PendingRows() {}

  /** The table property of a namespace's pending rows: {@code iceberg-ops.pending.sales}. */
  public static String property(String namespace) {
    return PROPERTY_PREFIX + namespace;
  }

  /** {@code metadata} without the namespace's pending rows: a data write that stores them. */
  static UnaryOperator<TableMetadata> removed(String namespace) {
    String property = property(namespace);
    return metadata ->
        metadata.properties().containsKey(property)
            ? TableMetadata.buildFrom(metadata).removeProperties(Set.of(property)).build()
            : metadata;
  }

  /**
   * The keys a pending write of {@code next} over {@code base} holds: those already pending and
   * those it changes; empty when the write cannot be pending (it removes a row, moves or releases
   * the lease, or would hold more than {@value #MAX_ROWS} rows).
   */
  static Set<String> keys(NamespaceHistory base, NamespaceHistory next) {
    Set<String> keys = new TreeSet<>(base.pendingKeys());
    keys.addAll(HistoryRewrite.changed(base, next));
    boolean removes = !HistoryRewrite.keys(next).containsAll(keys);
    return removes || LeaseTag.moves(base, next) || next.lease().isEmpty() || keys.size() > MAX_ROWS
        ? Set.of()
        : keys;
  }

  /** The property's value holding {@code keys} of {@code state}: compact JSON. */
  static String json(NamespaceHistory state, Set<String> keys) {
    return JsonUtil.generate(
        generator -> {
          generator.writeStartObject();
          generator.writeArrayFieldStart("rows");
          for (HistoryRecord row : state.rows()) {
            if (keys.contains(row.version())) {
              writeRow(generator, row);
            }
          }
          generator.writeEndArray();
          if (keys.contains(HistoryFiles.LEASE_VERSION) && state.lease().isPresent()) {
            writeLease(generator, state.lease().get());
          }
          generator.writeEndObject();
        },
        false);
  }

  /**
   * {@code folded}, the namespace's state in the data files of the table's current snapshot, with
   * the table's pending rows laid over it; {@code folded} itself when there are none.
   *
   * @throws IllegalStateException if the property is not what iceberg-ops writes
   */
  static NamespaceHistory overlay(Table table, NamespaceHistory folded) {
    String value = table.properties().get(property(folded.namespace()));
    if (value == null) {
      return folded;
    }
    try {
      JsonNode json = JsonUtil.mapper().readTree(value);
      JsonNode list = json.get("rows");
      if (list == null || !list.isArray()) {
        throw new IllegalArgumentException("its rows are not a list");
      }
      NamespaceHistory state = folded;
      Set<String> keys = new TreeSet<>();
      for (Iterator<JsonNode> rows = list.elements(); rows.hasNext(); ) {
        HistoryRecord row = readRow(folded.namespace(), rows.next());
        state = state.with(row);
        keys.add(row.version());
      }
      JsonNode lease = json.get("lease");
      if (lease != null) {
        RunLease pending = readLease(lease);
        if (folded.lease().filter(held -> held.runId().equals(pending.runId())).isPresent()) {
          state = state.withLease(pending); // a renewal by the holder the data files name
          keys.add(HistoryFiles.LEASE_VERSION);
        }
      }
      return state.withPending(keys);
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException(
          String.format(
              "Cannot read migration history of namespace %s: table property %s of %s is not"
                  + " what iceberg-ops writes (%s)",
              folded.namespace(), property(folded.namespace()), table.name(), e.getMessage()),
          e);
    }
  }

  /** Every namespace's pending rows in the table, by namespace and version. */
  static Map<String, Map<String, HistoryRecord>> rowsByNamespace(Table table) {
    return table.properties().keySet().stream()
        .filter(key -> key.startsWith(PROPERTY_PREFIX))
        .map(key -> key.substring(PROPERTY_PREFIX.length()))
        .collect(
            Collectors.toMap(
                namespace -> namespace,
                namespace ->
                    overlay(table, NamespaceHistory.empty(namespace)).rows().stream()
                        .collect(Collectors.toMap(HistoryRecord::version, row -> row))));
  }

  private static void writeRow(JsonGenerator generator, HistoryRecord row) throws IOException {
    generator.writeStartObject();
    generator.writeStringField("version", row.version());
    JsonUtil.writeStringFieldIfPresent("description", row.description(), generator);
    generator.writeStringField("status", row.status().value());
    JsonUtil.writeStringFieldIfPresent("error", row.error(), generator);
    JsonUtil.writeStringFieldIfPresent("checksum", row.checksum(), generator);
    generator.writeNumberField("updated_at", micros(row.updatedAt()));
    generator.writeNumberField("duration_ms", row.durationMs());
    JsonUtil.writeStringFieldIfPresent("operation", row.operation(), generator);
    JsonUtil.writeStringArray("steps", row.steps(), generator);
    JsonUtil.writeStringFieldIfPresent("run_id", row.runId(), generator);
    JsonUtil.writeStringMap("table_uuids", row.tableUuids(), generator);
    generator.writeEndObject();
  }

  private static HistoryRecord readRow(String namespace, JsonNode row) {
    return new HistoryRecord(
        JsonUtil.getString("version", row),
        namespace,
        JsonUtil.getStringOrNull("description", row),
        HistoryRecord.Status.fromValue(JsonUtil.getString("status", row)),
        JsonUtil.getStringOrNull("error", row),
        JsonUtil.getStringOrNull("checksum", row),
        instant(JsonUtil.getLong("updated_at", row)),
        JsonUtil.getLong("duration_ms", row),
        JsonUtil.getStringOrNull("operation", row),
        new ArrayList<>(JsonUtil.getStringList("steps", row)),
        JsonUtil.getStringOrNull("run_id", row),
        JsonUtil.getStringMap("table_uuids", row));
  }

  private static void writeLease(JsonGenerator generator, RunLease lease) throws IOException {
    generator.writeObjectFieldStart("lease");
    generator.writeStringField("host", lease.host());
    generator.writeNumberField("pid", lease.pid());
    JsonUtil.writeStringFieldIfPresent("pid_namespace", lease.pidNamespace(), generator);
    JsonUtil.writeStringFieldIfPresent("boot_id", lease.bootId(), generator);
    generator.writeStringField("run_id", lease.runId());
    generator.writeNumberField("since", micros(lease.since()));
    generator.writeNumberField("expires_at", micros(lease.expiresAt()));
    generator.writeEndObject();
  }

  private static RunLease readLease(JsonNode lease) {
    return new RunLease(
        JsonUtil.getString("host", lease),
        JsonUtil.getLong("pid", lease),
        JsonUtil.getStringOrNull("pid_namespace", lease),
        JsonUtil.getStringOrNull("boot_id", lease),
        JsonUtil.getString("run_id", lease),
        instant(JsonUtil.getLong("since", lease)),
        instant(JsonUtil.getLong("expires_at", lease)));
  }

  private static long micros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }

  private static Instant instant(long micros) {
    return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
  }
}
