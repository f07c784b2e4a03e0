/**
 * The history table's write path ({@link dev.icebergops.history.internal.HistoryWrites}), for the
 * runner only. Internal, not API.
 */
package dev.icebergops.history.internal;
