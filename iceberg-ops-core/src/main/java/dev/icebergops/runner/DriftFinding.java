package dev.icebergops.runner;

/**
 * One difference between a live table and the state its migrations produce at its recorded version,
 * as {@link MigrationRunner#checkDrift()} reports it.
 *
 * @param table the table's full name, for example {@code sales.orders}
 * @param kind what differs
 * @param subject the column (its dotted path), partition field, property key or view query's
 *     dialect; for a whole table or view missing or unexpected, null or {@code view}; null for the
 *     table's sort order, identifier fields, column order, format version or location
 * @param expected what the migrations produce, or null when they produce nothing there
 * @param actual what the live table has, or null when it has nothing there
 */
public record DriftFinding(
    String table, Kind kind, String subject, String expected, String actual) {

  /** What kind of drift. */
  public enum Kind {
    /** The live table has a column no migration adds (a column added by hand). */
    COLUMN_ADDED,
    /** A column the migrations produce is missing from the live table. */
    COLUMN_MISSING,
    /** A column has another name than the migrations give it. */
    COLUMN_RENAMED,
    /** A column has another type. */
    TYPE,
    /** A column has another doc. */
    DOC,
    /** A column is required where the migrations make it optional, or the reverse. */
    NULLABILITY,
    /** A column has other defaults (initial or write, format version 3). */
    DEFAULT,
    /** A partition field the migrations add is missing from the live table. */
    PARTITION_FIELD_MISSING,
    /** The live table has a partition field no migration adds. */
    PARTITION_FIELD_ADDED,
    /** The sort order differs. */
    SORT_ORDER,
    /** A property the migrations set has another value, or is unset. */
    PROPERTY,
    /** A table the migrations create does not exist. */
    TABLE_MISSING,
    /** The namespace has a table no migration creates. */
    TABLE_UNEXPECTED,
    /** The table was dropped and created again after the migrations ran: its rows are gone. */
    TABLE_REPLACED,
    /** The identifier fields differ. */
    IDENTIFIER_FIELDS,
    /** The top-level columns are in another order. */
    COLUMN_ORDER,
    /** The format version differs. */
    FORMAT_VERSION,
    /** The table lies in another location. */
    LOCATION,
    /** A view's SQL for one dialect (the subject) differs from what the migrations set. */
    VIEW_QUERY
  }

  /** One line for people, e.g. {@code sales.orders: column note (string) added by hand}. */
  public String describe() {
    String what = subject == null ? "" : " " + subject;
    return table
        + ": "
        + switch (kind) {
          case COLUMN_ADDED -> "column" + what + " (" + actual + ") is not made by the migrations";
          case COLUMN_MISSING -> "column" + what + " (" + expected + ") is missing";
          case COLUMN_RENAMED -> "column" + what + " is named " + actual;
          case TYPE -> "column" + what + " has type " + actual + ", expected " + expected;
          case DOC -> "column" + what + " has doc " + actual + ", expected " + expected;
          case NULLABILITY -> "column" + what + " is " + actual + ", expected " + expected;
          case DEFAULT -> "column" + what + " has " + actual + ", expected " + expected;
          case PARTITION_FIELD_MISSING -> "partition field" + what + " is missing";
          case PARTITION_FIELD_ADDED -> "partition field" + what + " is not made by the migrations";
          case SORT_ORDER -> "sort order is " + actual + ", expected " + expected;
          case PROPERTY -> "property" + what + " is " + actual + ", expected " + expected;
          case TABLE_MISSING -> "the " + object() + " is missing";
          case TABLE_UNEXPECTED -> "the " + object() + " is not made by the migrations";
          case TABLE_REPLACED ->
              "the table was dropped and created again after its migrations ran (now uuid %s)"
                  .formatted(actual);
          case IDENTIFIER_FIELDS -> "identifier fields are " + actual + ", expected " + expected;
          case COLUMN_ORDER -> "column order is " + actual + ", expected " + expected;
          case FORMAT_VERSION -> "format version is " + actual + ", expected " + expected;
          case LOCATION -> "location is " + actual + ", expected " + expected;
          case VIEW_QUERY -> "view query" + what + " is " + actual + ", expected " + expected;
        };
  }

  /** What a whole-table finding is about: {@code view} when its subject says so, else table. */
  private String object() {
    return subject == null ? "table" : subject;
  }
}
