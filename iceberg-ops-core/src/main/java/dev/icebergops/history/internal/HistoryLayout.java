package dev.icebergops.history.internal;

import dev.icebergops.history.HistoryConflictException;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateProperties;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.types.Types.NestedField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Upgrades a history table written by an earlier release to this release's layout, in place. */
public final class HistoryLayout {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryLayout.class);

  private HistoryLayout() {}

  /** The layout version a table declares; 1 when it declares none (the first release). */
  public static int version(Table table) {
    String value = table.properties().get(HistoryFiles.LAYOUT_VERSION_PROPERTY);
    try {
      return value == null ? 1 : Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          "Cannot read migration history layout: "
              + HistoryFiles.LAYOUT_VERSION_PROPERTY
              + " is '"
              + value
              + "', not a number");
    }
  }

  /** How often an upgrade that lost to another writer is tried again from a fresh load. */
  public static final int ATTEMPTS = 5;

  /**
   * Upgrades the table to this release's layout in one commit: adds the columns the table lacks,
   * rewrites the Avro data files of an Avro-era layout into Parquet (rows kept), sets the data
   * files' format properties and records the layout version. When another writer upgraded it
   * meanwhile, uses what that writer committed; when another writer changed the files being
   * rewritten, tries again from a fresh load.
   *
   * @throws IllegalStateException if the table declares a newer layout than this release knows
   * @throws HistoryConflictException if the table kept changing for {@value #ATTEMPTS} attempts;
   *     nothing was upgraded then
   */
  public static void upgrade(Table table, TableIdentifier identifier) {
    for (int attempt = 1; ; attempt++) {
      int found = version(table);
      if (found == HistoryFiles.LAYOUT_VERSION) {
        return;
      }
      if (found > HistoryFiles.LAYOUT_VERSION) {
        throw new IllegalStateException(
            "Cannot write migration history "
                + identifier
                + ": its layout version is "
                + found
                + " but this release of iceberg-ops writes version "
                + HistoryFiles.LAYOUT_VERSION
                + "; upgrade iceberg-ops");
      }
      try {
        commit(table, identifier, found);
        return;
      } catch (CommitFailedException
          | ValidationException
          | IllegalArgumentException
          | RebaseLimit.Refused e) {
        // another writer upgraded it, or changed the files being rewritten, at the same time
        table.refresh();
        if (version(table) < HistoryFiles.LAYOUT_VERSION && attempt >= ATTEMPTS) {
          throw new HistoryConflictException(
              "Cannot upgrade migration history "
                  + identifier
                  + " from layout version "
                  + found
                  + ": another writer kept changing it ("
                  + e.getMessage()
                  + ")",
              e);
        }
      }
    }
  }

  private static void commit(Table table, TableIdentifier identifier, int found) {
    Transaction transaction = RebaseLimit.of(table).newTransaction();
    UpdateSchema schema = transaction.updateSchema();
    for (NestedField column : HistoryFiles.ADDED_AFTER_V1) {
      if (table.schema().findField(column.name()) == null) {
        schema.addColumn(column.name(), column.type(), column.doc());
      }
    }
    schema.commit();
    List<DataFile> written =
        found < HistoryFiles.PARQUET_LAYOUT
            ? HistoryFormatUpgrade.stage(table, transaction, identifier, found)
            : List.of();
    UpdateProperties properties = transaction.updateProperties();
    HistoryFiles.FORMAT_PROPERTIES.forEach(properties::set);
    properties
        .set(HistoryFiles.LAYOUT_VERSION_PROPERTY, String.valueOf(HistoryFiles.LAYOUT_VERSION))
        .commit();
    try {
      transaction.commitTransaction();
    } catch (RuntimeException e) {
      written.forEach(file -> HistoryFiles.deleteQuietly(table, file));
      throw e;
    }
    table.refresh();
    LOG.info(
        "Upgraded migration history {} from layout version {} to {}{}",
        identifier,
        found,
        HistoryFiles.LAYOUT_VERSION,
        written.isEmpty()
            ? ""
            : ", its Avro data files rewritten into " + written.size() + " Parquet files");
  }
}
