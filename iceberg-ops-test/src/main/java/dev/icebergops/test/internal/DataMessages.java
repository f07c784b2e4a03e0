package dev.icebergops.test.internal;

import java.util.stream.Collectors;

/**
 * The words of the data check: a loss laid at an upgrade or a downgrade, declared or not, and a
 * fill, which is none.
 */
record DataMessages(CheckRun run) {

  /** How a migration class declares that it loses data on purpose. */
  private static final String DESTRUCTIVE = "@Destructive(\"<why>\")";

  /** "the data of ns.orders at 0002 is not checked: ..." (a warning). */
  String notChecked(String table, String version, String why) {
    return "the data of " + run.ns() + "." + table + " at " + version + " is not checked: " + why;
  }

  /** "Expecting migration 0003 (Drop note) to keep the data of ns.orders, but its upgrade ...". */
  String upgradeLoss(String version, DataLoss loss, String addedAlike) {
    return keep(version, loss)
        + ", but its upgrade "
        + what(loss)
        + samples(loss)
        + (addedAlike == null ? declare(version, loss) : rename(loss, addedAlike));
  }

  /** "Expecting migration 0003 (...) to keep the data of ns.orders when downgraded, but ...". */
  String downgradeLoss(String version, DataLoss loss) {
    return keep(version, loss)
        + " when downgraded, but its downgrade "
        + what(loss)
        + (loss.wholeRows() ? "" : ", a column that existed before its upgrade")
        + samples(loss)
        + declare(version, null);
  }

  /**
   * "Expecting migration 0002 (Backfill amount_cents) to fill ns.payments column amount_cents
   * (id=5, long) as declared (amount x 100), but 4 rows written at 0001 read other values ...".
   */
  String notAsDeclared(DataLoss loss) {
    String version = loss.backfill().version();
    return ("Expecting %s to fill %s column %s as declared (%s), but %s rows written at %s"
            + " read other values%s")
        .formatted(
            run.label(version),
            table(loss),
            column(loss),
            loss.backfill().description(),
            loss.rows(),
            String.join(", ", loss.writtenAt()),
            samples(loss));
  }

  /** How many rows read a declared backfill's values at head. */
  String backfilled(ExpectedBackfill backfill, int rows) {
    String what =
        "%s filled %s.%s column %s as declared (%s)"
            .formatted(
                run.label(backfill.version()),
                run.ns(),
                backfill.table(),
                backfill.column(),
                backfill.description());
    return rows == 0
        ? what + ": not checked, no row written before it reads the column at head"
        : what + ": " + rows + " rows written before it read the declared values at head";
  }

  /** A loss that no version's schema change explains, e.g. rows rewritten by a migration. */
  String unattributedLoss(DataLoss loss, String head) {
    return "Expecting %s to keep the data written at %s up to head (%s), but %s%s"
        .formatted(
            table(loss),
            String.join(", ", loss.writtenAt()),
            head,
            loss.kind() == DataLoss.Kind.ROWS_GONE
                ? loss.rows() + " rows no longer read back"
                : loss.rows() + " rows read other values in column " + column(loss),
            samples(loss));
  }

  /**
   * "migration 0008 (Fill status) filled ns.ledger column status (id=15, string) in 4 rows written
   * at 0001, where they read null: not a loss; to check the values, declare them: ...".
   *
   * @param version the version whose state first shows the fill, or null when none does
   */
  String filled(String version, DataLoss loss) {
    if (version == null) {
      return "a migration up to head " + what(loss) + ": not a loss";
    }
    return ("%s %s: not a loss; to check the values, declare them: %s (or values = ... for values"
            + " computed from the row)")
        .formatted(run.label(version), what(loss), backfill(version, loss, "fillNulls = ..."));
  }

  /** A fill that the downgrade of a version leaves in place. */
  String keptFill(String version, DataLoss loss) {
    return "the downgrade of %s keeps the values filled in %s: not a loss"
        .formatted(run.label(version), summary(loss));
  }

  /** A loss that the version declares with {@code @Destructive}. */
  String declared(String version, DataLoss loss) {
    return run.label(version) + " loses data, as declared (@Destructive): " + summary(loss);
  }

  /** Data in what the downgrade removes because its upgrade added it. */
  String discarded(String version, DataLoss loss) {
    return "the downgrade of %s discards data its upgrade made room for: %s"
        .formatted(run.label(version), summary(loss));
  }

  private String summary(DataLoss loss) {
    return table(loss)
        + (loss.wholeRows() ? " (the table)" : " column " + column(loss))
        + ", "
        + loss.rows()
        + " rows written at "
        + String.join(", ", loss.writtenAt());
  }

  private String what(DataLoss loss) {
    String rows = loss.rows() + " rows written at " + String.join(", ", loss.writtenAt());
    return switch (loss.kind()) {
      case COLUMN_DROPPED -> "dropped column " + column(loss) + ", which held values in " + rows;
      case VALUES_CHANGED -> "changed the values of column " + column(loss) + " in " + rows;
      case FILLED ->
          "filled %s column %s in %s, where they read null"
              .formatted(table(loss), column(loss), rows);
      case NOT_AS_DECLARED ->
          "left column %s other than %s declares, in %s"
              .formatted(column(loss), loss.backfill().label(), rows);
      case ROWS_GONE -> "lost " + rows;
      case TABLE_DROPPED ->
          "dropped the table, and with it " + rows + " (columns: " + loss.column() + ")";
      case TABLE_REPLACED ->
          "replaced the table with a new one instead of evolving it: %s are gone (columns: %s)"
              .formatted(rows, loss.column());
    };
  }

  /** "Expecting migration 0003 (Drop note) to keep the data of ns.orders". */
  private String keep(String version, DataLoss loss) {
    return "Expecting " + run.label(version) + " to keep the data of " + table(loss);
  }

  private String table(DataLoss loss) {
    return run.ns() + "." + loss.table();
  }

  private static String column(DataLoss loss) {
    return loss.column() + " (id=" + loss.fieldId() + ", " + loss.type() + ")";
  }

  private String samples(DataLoss loss) {
    return " (rows generated with seed %s); for example:".formatted(DataCheck.SEED)
        + loss.samples().stream()
            .map(
                sample ->
                    "\n  before: "
                        + sample.before().get()
                        + (sample.expected() == null ? "" : "\n  expected: " + sample.expected())
                        + "\n  after:  "
                        + sample.after().get())
            .collect(Collectors.joining());
  }

  private static String rename(DataLoss loss, String added) {
    return ("\n(if %s was renamed to %s, rename it instead, which keeps its values:"
            + " ctx.enforceRename(\"%s\", \"%s\", \"%s\"); if the loss is intended, declare it on"
            + " the migration class: %s)")
        .formatted(loss.column(), added, loss.table(), loss.column(), added, DESTRUCTIVE);
  }

  /** How to declare the loss, and for new values in a column, the backfill that wrote them. */
  private static String declare(String version, DataLoss loss) {
    if (loss == null || loss.kind() != DataLoss.Kind.VALUES_CHANGED) {
      return "\n(if the loss is intended, declare it on the migration class: " + DESTRUCTIVE + ")";
    }
    return ("\n(if the migration backfills the column, declare its values: %s; if the loss is"
            + " intended: %s on the migration class)")
        .formatted(backfill(version, loss, "values = ..."), DESTRUCTIVE);
  }

  /** "@IcebergMigrations(backfills = @Backfill(version = "0008", ..., values = ...))". */
  private static String backfill(String version, DataLoss loss, String values) {
    return ("@IcebergMigrations(backfills = @Backfill(version = \"%s\", table = \"%s\","
            + " column = \"%s\", %s))")
        .formatted(version, loss.table(), loss.column(), values);
  }
}
