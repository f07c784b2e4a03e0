package dev.icebergops.test.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.iceberg.relocated.com.google.common.base.Suppliers;

/**
 * Data written at some version that no longer reads back as written, in one table and (for
 * column-level losses) one field id; or, {@link Kind#FILLED}, nulls that now read values.
 *
 * @param kind what happened
 * @param table the table name without namespace
 * @param fieldId the field id, or 0 for a loss of whole rows or of the table
 * @param column the column's path when the rows were written, or the table's columns for a table
 *     loss
 * @param type the column's type when written, or "" for a loss of whole rows
 * @param rows how many rows are affected
 * @param writtenAt the versions at which the affected rows were written, in order
 * @param samples a few rows as written and as they read back now
 * @param backfill the declared backfill the values differ from, for {@link Kind#NOT_AS_DECLARED};
 *     else null
 */
record DataLoss(
    Kind kind,
    String table,
    int fieldId,
    String column,
    String type,
    int rows,
    List<String> writtenAt,
    List<Sample> samples,
    ExpectedBackfill backfill) {

  /** The number of sample rows a finding shows. */
  static final int SAMPLES = 3;

  /** What happened to the data. */
  enum Kind {
    /** The field id is no longer in the schema. */
    COLUMN_DROPPED,
    /** The field id is there, but reads other values. */
    VALUES_CHANGED,
    /**
     * A value where the rows read null: a column added after they were written (without an initial
     * default) now holds one. Not a loss: a backfill filled it.
     */
    FILLED,
    /** A column a declared backfill wrote reads other values than it declares. */
    NOT_AS_DECLARED,
    /** The rows no longer read back at all. */
    ROWS_GONE,
    /** The table is gone. */
    TABLE_DROPPED,
    /** A table of that name exists, but it is another table (a new uuid). */
    TABLE_REPLACED
  }

  /**
   * One row as written and as read back, rendered when a message first shows it (and kept): most
   * samples belong to losses already reported at an earlier step, and a row of a wide table is
   * long.
   *
   * @param before renders the row as written, by the names it was written with
   * @param after renders the row as it reads now, by the current names, or a note when it is gone
   * @param expected what a declared backfill expects in the column, e.g. {@code amount_cents=1250};
   *     null when no backfill applies
   */
  record Sample(Supplier<String> before, Supplier<String> after, String expected) {
    Sample {
      before = Suppliers.memoize(before::get);
      after = Suppliers.memoize(after::get);
    }
  }

  DataLoss {
    writtenAt = List.copyOf(writtenAt);
    samples = List.copyOf(samples);
  }

  /** Identifies the loss across reads: kind, table, field id and the backfill's version. */
  String key() {
    return key(kind, table, fieldId, backfill);
  }

  /** The {@link #key()} of a loss of this kind, table, field id and backfill (null for none). */
  static String key(Kind kind, String table, int fieldId, ExpectedBackfill backfill) {
    return kind + " " + table + " " + fieldId + (backfill == null ? "" : " " + backfill.version());
  }

  /**
   * This loss and another of the same kind, table and field id as one: the rows summed, the
   * versions and the samples (up to {@link #SAMPLES}) of both, the rest this one's.
   */
  DataLoss plus(DataLoss other) {
    List<String> versions = new ArrayList<>(writtenAt);
    other.writtenAt.stream().filter(v -> !versions.contains(v)).forEach(versions::add);
    List<Sample> kept = new ArrayList<>(samples);
    other.samples.stream().limit(SAMPLES - kept.size()).forEach(kept::add);
    return new DataLoss(
        kind, table, fieldId, column, type, rows + other.rows, versions, kept, backfill);
  }

  /** Whether the loss is about whole rows or the whole table rather than one column. */
  boolean wholeRows() {
    return fieldId == 0;
  }
}
