/**
 * What a migration is and sees: {@link dev.icebergops.migration.Migration}, the {@link
 * dev.icebergops.migration.MigrationContext} its helpers run through, and where migrations come
 * from ({@link dev.icebergops.migration.MigrationSource}). API.
 */
package dev.icebergops.migration;
