/**
 * Snapshots of a namespace's shape: its tables' metadata without data, snapshots or secrets, and
 * its history rows, written as files a pull request can show ({@link
 * dev.icebergops.snapshot.ShapeSnapshot}). API.
 */
package dev.icebergops.snapshot;
