package dev.icebergops.history;

import java.io.Serializable;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One row of the migration history table: the latest state of one version in one namespace.
 *
 * @param version the migration version, for example {@code "0003"}
 * @param namespace the namespace the runner migrated, dotted for nested namespaces
 * @param description the migration's description
 * @param status applied, rolled back, failed, running, pending, or unreadable (another writer's
 *     row, kept as stored)
 * @param error the error text of a failure, otherwise null
 * @param checksum the fingerprint of the migration class, or null when unknown
 * @param updatedAt when this state was recorded (microsecond precision, as stored)
 * @param durationMs how long the upgrade or downgrade took
 * @param operation what wrote the row: {@code upgrade}, {@code downgrade}, {@code stamp} or {@code
 *     repair}; null in rows written before this column existed
 * @param steps the helper steps that completed, in order (for a failed or interrupted version: what
 *     was committed before it stopped); never null
 * @param runId the run that wrote the row, or null
 * @param tableUuids the uuid of each table of the namespace (by name, without namespace) right
 *     after the version was applied, stamped or rolled back: a table the version made with its own
 *     uuid, any other with the uuid recorded before it (the first one seen when none was), which
 *     drift expects; empty when unknown (rows of other states, rows written before this column
 *     existed); never null
 */
public record HistoryRecord(
    String version,
    String namespace,
    String description,
    Status status,
    String error,
    String checksum,
    Instant updatedAt,
    long durationMs,
    String operation,
    List<String> steps,
    String runId,
    Map<String, String> tableUuids)
    implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The state a version is in. */
  public enum Status {
    /** upgrade() ran (or the version was stamped). */
    APPLIED,
    /** downgrade() ran; the version is pending again. */
    ROLLED_BACK,
    /** upgrade() or its pre-hook failed, or a downgrade failed after committing a step. */
    FAILED,
    /** An upgrade or downgrade has started and not ended; interrupted if its run is gone. */
    RUNNING,
    /** Marked pending by repair after a failure or an interruption. */
    PENDING,
    /**
     * Another writer left a row iceberg-ops cannot read (an unknown status, a null where a value is
     * needed); its {@link HistoryRecord#error()} holds why and the raw values. Never written by
     * iceberg-ops: {@code repair} removes such a row.
     */
    UNREADABLE;

    /** The value stored in the table, for example {@code applied} or {@code rolled_back}. */
    public String value() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a stored value.
     *
     * @param value a value returned by {@link #value()}
     * @return the status
     * @throws IllegalArgumentException for any other value
     */
    public static Status fromValue(String value) {
      for (Status status : values()) {
        if (status.value().equals(value)) {
          return status;
        }
      }
      throw new IllegalArgumentException("Cannot read history status: unknown value " + value);
    }
  }

  /**
   * Validates the row, copies the steps and the table uuids and truncates the timestamp to the
   * stored precision.
   */
  public HistoryRecord {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(updatedAt, "updatedAt");
    updatedAt = updatedAt.truncatedTo(ChronoUnit.MICROS);
    steps = steps == null ? List.of() : List.copyOf(steps);
    tableUuids =
        tableUuids == null
            ? Map.of()
            : Collections.unmodifiableSortedMap(new TreeMap<>(tableUuids));
  }

  /**
   * Creates a row without table uuids, as written before that column existed.
   *
   * @param version the migration version
   * @param namespace the migrated namespace
   * @param description the migration's description
   * @param status the state
   * @param error the error text of a failure, or null
   * @param checksum the fingerprint of the migration class, or null
   * @param updatedAt when this state was recorded
   * @param durationMs how long the upgrade or downgrade took
   * @param operation what wrote the row, or null
   * @param steps the helper steps that completed, or null for none
   * @param runId the run that wrote the row, or null
   * @throws NullPointerException if version, namespace, status or updatedAt is null
   */
  public HistoryRecord(
      String version,
      String namespace,
      String description,
      Status status,
      String error,
      String checksum,
      Instant updatedAt,
      long durationMs,
      String operation,
      List<String> steps,
      String runId) {
    this(
        version,
        namespace,
        description,
        status,
        error,
        checksum,
        updatedAt,
        durationMs,
        operation,
        steps,
        runId,
        Map.of());
  }

  /**
   * Creates a row without operation, steps or run, as written before those columns existed.
   *
   * @param version the migration version
   * @param namespace the migrated namespace
   * @param description the migration's description
   * @param status the state
   * @param error the error text of a failure, or null
   * @param checksum the fingerprint of the migration class, or null
   * @param updatedAt when this state was recorded
   * @param durationMs how long the upgrade or downgrade took
   */
  public HistoryRecord(
      String version,
      String namespace,
      String description,
      Status status,
      String error,
      String checksum,
      Instant updatedAt,
      long durationMs) {
    this(
        version,
        namespace,
        description,
        status,
        error,
        checksum,
        updatedAt,
        durationMs,
        null,
        List.of(),
        null);
  }

  /**
   * This row as another namespace's: the same version, status, times and steps, without table uuids
   * (the other namespace's tables are other tables).
   *
   * @param other the namespace
   * @return the row with {@code other} as its namespace
   * @throws NullPointerException if {@code other} is null
   */
  public HistoryRecord inNamespace(String other) {
    return new HistoryRecord(
        version,
        other,
        description,
        status,
        error,
        checksum,
        updatedAt,
        durationMs,
        operation,
        steps,
        runId);
  }
}
