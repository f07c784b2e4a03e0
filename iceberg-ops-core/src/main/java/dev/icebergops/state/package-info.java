/**
 * The one model of what a table looks like: a table's state ({@link
 * dev.icebergops.state.TableState}) with its identity, and one diff of two states ({@link
 * dev.icebergops.state.StateDiff}) that knows tables created, dropped, renamed and replaced. Drift,
 * preview, production snapshots and the toolkit's checks read it.
 *
 * <p>Internal, not API. Internal to iceberg-ops; exported to iceberg-ops-test only; may change in
 * any release.
 */
package dev.icebergops.state;
