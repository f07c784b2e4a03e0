/**
 * The history table's implementation: its file layout, the reads behind {@link
 * dev.icebergops.history.MigrationHistory} ({@link HistoryTable}) and the write path ({@link
 * HistoryWriter}: commit, seed, layout upgrade), which only the runner calls. Internal, not API.
 */
package dev.icebergops.history.internal;
