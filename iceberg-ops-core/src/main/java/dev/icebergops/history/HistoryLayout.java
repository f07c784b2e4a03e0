package dev.icebergops.history;

import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.types.Types.NestedField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Upgrades a history table written by an earlier release to this release's layout, in place. */
final class HistoryLayout {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryLayout.class);

  private HistoryLayout() {}

  /** The layout version a table declares; 1 when it declares none (the first release). */
  static int version(Table table) {
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

  /**
   * Adds the columns of the current layout that the table lacks and records the layout version.
   *
   * @throws IllegalStateException if the table declares a newer layout than this release knows
   */
  static void upgrade(Table table, TableIdentifier identifier) {
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
      Transaction transaction = table.newTransaction();
      UpdateSchema schema = transaction.updateSchema();
      for (NestedField column : HistoryFiles.ADDED_AFTER_V1) {
        if (table.schema().findField(column.name()) == null) {
          schema.addColumn(column.name(), column.type(), column.doc());
        }
      }
      schema.commit();
      transaction
          .updateProperties()
          .set(HistoryFiles.LAYOUT_VERSION_PROPERTY, String.valueOf(HistoryFiles.LAYOUT_VERSION))
          .commit();
      transaction.commitTransaction();
      LOG.info(
          "Upgraded migration history {} from layout version {} to {}",
          identifier,
          found,
          HistoryFiles.LAYOUT_VERSION);
    } catch (CommitFailedException | IllegalArgumentException e) {
      // another writer upgraded it at the same time: use what it committed
      table.refresh();
      if (version(table) != HistoryFiles.LAYOUT_VERSION) {
        throw e;
      }
    }
  }
}
