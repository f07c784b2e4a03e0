/**
 * The history table: one row per version and namespace, and each namespace's run lease ({@link
 * dev.icebergops.history.MigrationHistory}, {@link dev.icebergops.history.HistoryRecord}, {@link
 * dev.icebergops.history.RunLease}). API, and read-only: only the runner writes the history.
 */
package dev.icebergops.history;
