package dev.icebergops.history.internal;

import static dev.icebergops.history.internal.HistoryFiles.CHECKSUM;
import static dev.icebergops.history.internal.HistoryFiles.DESCRIPTION;
import static dev.icebergops.history.internal.HistoryFiles.DURATION_MS;
import static dev.icebergops.history.internal.HistoryFiles.ERROR;
import static dev.icebergops.history.internal.HistoryFiles.NAMESPACE;
import static dev.icebergops.history.internal.HistoryFiles.OPERATION;
import static dev.icebergops.history.internal.HistoryFiles.RUN_ID;
import static dev.icebergops.history.internal.HistoryFiles.STATUS;
import static dev.icebergops.history.internal.HistoryFiles.STEPS;
import static dev.icebergops.history.internal.HistoryFiles.TABLE_UUIDS;
import static dev.icebergops.history.internal.HistoryFiles.UPDATED_AT;
import static dev.icebergops.history.internal.HistoryFiles.VERSION;
import static dev.icebergops.history.internal.HistoryFiles.field;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.history.HistoryRecord.Status;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types.NestedField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads history rows as another writer may have left them. A status written in another case or with
 * surrounding spaces is read as the status it spells (with one WARN); a row whose status is unknown
 * or missing, or that lacks its version or time, is read as {@link Status#UNREADABLE}, carrying why
 * and its raw values in its error, never as an exception.
 */
public final class HistoryRows {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryRows.class);

  /** The version (or namespace) given to a row lacking it, so that it can be shown and removed. */
  public static final String NULL_VERSION = "(null)";

  /** The variants already warned about, so that each is logged once per JVM. */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  private HistoryRows() {}

  /**
   * The row a stored record holds, or an unreadable row carrying its raw values.
   *
   * @param record a record of the history table, in the schema it was read with
   * @param table the history table, for the WARN about a status read leniently
   */
  public static HistoryRecord fromRecord(Record record, TableIdentifier table) {
    String version = string(record, VERSION);
    String namespace = string(record, NAMESPACE);
    Object raw = field(record, STATUS);
    Status status = raw instanceof String value ? lenient(value) : null;
    Object updated = field(record, UPDATED_AT);
    List<String> problems = new ArrayList<>();
    if (version == null) {
      problems.add("its version is null");
    }
    if (namespace == null) {
      problems.add("its namespace is null");
    }
    if (status == null) {
      problems.add(raw == null ? "its status is null" : "its status '" + raw + "' is unknown");
    }
    if (!(updated instanceof OffsetDateTime)) {
      problems.add("its updated_at is null");
    }
    if (problems.isEmpty() && !status.value().equals(raw)) {
      warnOnce(table, namespace, version, (String) raw, status);
    }
    Object duration = field(record, DURATION_MS);
    @SuppressWarnings("unchecked")
    List<String> steps = (List<String>) field(record, STEPS);
    return new HistoryRecord(
        version == null ? NULL_VERSION : version,
        namespace == null ? NULL_VERSION : namespace,
        string(record, DESCRIPTION),
        problems.isEmpty() ? status : Status.UNREADABLE,
        problems.isEmpty()
            ? string(record, ERROR)
            : "unreadable row in %s: %s; raw values %s"
                .formatted(table, String.join(", ", problems), raw(record)),
        string(record, CHECKSUM),
        HistoryFiles.instant(updated),
        duration instanceof Long value ? value : 0L,
        string(record, OPERATION),
        steps == null ? List.of() : new ArrayList<>(steps),
        string(record, RUN_ID),
        tableUuids(record));
  }

  /** The table uuids a row records; an entry another writer left null is skipped. */
  private static Map<String, String> tableUuids(Record record) {
    Map<String, String> uuids = new TreeMap<>();
    if (field(record, TABLE_UUIDS) instanceof Map<?, ?> stored) {
      stored.forEach(
          (table, uuid) -> {
            if (table instanceof CharSequence && uuid instanceof CharSequence) {
              uuids.put(table.toString(), uuid.toString());
            }
          });
    }
    return uuids;
  }

  /** The status a stored value spells in any case and spacing, or null when it spells none. */
  public static Status lenient(String value) {
    String normalized = value.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(Status.values())
        .filter(status -> status != Status.UNREADABLE && status.value().equals(normalized))
        .findFirst()
        .orElse(null);
  }

  /** True when a record's status is not stored exactly as iceberg-ops writes it. */
  public static boolean isNormalized(Record record, HistoryRecord row) {
    return row.status() != Status.UNREADABLE && !row.status().value().equals(field(record, STATUS));
  }

  /** Every non-null column of a record, as {@code {name=value, ...}}. */
  public static String raw(Record record) {
    return record.struct().fields().stream()
        .map(NestedField::name)
        .filter(name -> record.getField(name) != null)
        .map(name -> name + "=" + record.getField(name))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static void warnOnce(
      TableIdentifier table, String namespace, String version, String raw, Status status) {
    if (WARNED.add(table + "/" + namespace + "/" + version + "/" + raw)) {
      LOG.warn(
          "Reading migration {} of namespace {} in {} as {}: its status is stored as '{}', not"
              + " '{}'; the next write of the namespace (repair() if no other) stores it as iceberg-ops"
              + " writes it",
          version,
          namespace,
          table,
          status.value(),
          raw,
          status.value());
    }
  }

  private static String string(Record record, String name) {
    return field(record, name) instanceof String value ? value : null;
  }
}
