package dev.icebergops.runner;

import dev.icebergops.migration.ChangeClass;

/**
 * One change a {@link MigrationPreview} reports, with its class for the table's readers.
 *
 * @param changeClass what the change does to readers
 * @param table the table's full name, for example {@code sales.orders}
 * @param column the column's dotted path, or null for a change of the table as a whole, its layout,
 *     properties or data
 * @param change the change in the preview's words, e.g. {@code removed column note (id=3, string)}
 */
public record ClassedChange(ChangeClass changeClass, String table, String column, String change) {}
