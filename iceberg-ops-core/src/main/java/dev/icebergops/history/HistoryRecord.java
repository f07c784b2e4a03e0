package dev.icebergops.history;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One row of the migration history table: the latest state of one version in one namespace.
 *
 * @param version the migration version, for example {@code "0003"}
 * @param namespace the namespace the runner migrated, dotted for nested namespaces
 * @param description the migration's description
 * @param status applied, rolled back or failed
 * @param error the error text of a failure, otherwise null
 * @param checksum the fingerprint of the migration class, or null when unknown
 * @param updatedAt when this state was recorded (microsecond precision, as stored)
 * @param durationMs how long the upgrade or downgrade took
 */
public record HistoryRecord(
    String version,
    String namespace,
    String description,
    Status status,
    String error,
    String checksum,
    Instant updatedAt,
    long durationMs) {

  /** The state a version is in. */
  public enum Status {
    /** upgrade() ran (or the version was stamped). */
    APPLIED,
    /** downgrade() ran; the version is pending again. */
    ROLLED_BACK,
    /** upgrade() or its pre-hook failed; the version is pending again. */
    FAILED;

    /** The value stored in the table: {@code applied}, {@code rolled_back}, {@code failed}. */
    public String value() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Parses a stored value.
     *
     * @param value {@code applied}, {@code rolled_back} or {@code failed}
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

  /** Validates the row and truncates the timestamp to the stored precision. */
  public HistoryRecord {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(updatedAt, "updatedAt");
    updatedAt = updatedAt.truncatedTo(ChronoUnit.MICROS);
  }
}
