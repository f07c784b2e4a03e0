package dev.icebergops.history.internal;

import java.util.Map;
import java.util.stream.StreamSupport;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.util.PropertyUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the history table's metadata from growing with every run it served. Each run adds snapshots
 * (its lease's take and release), and a table's metadata lists every snapshot it keeps, so that
 * every later read and commit of it paid for all of them. Once the table holds more than twice the
 * snapshots it keeps, the older ones expire, with the files only they held. It keeps the last
 * {@value #KEEP} snapshots (or the table property {@code history.expire.min-snapshots-to-keep} when
 * set), every snapshot younger than {@code history.expire.max-snapshot-age-ms} when that is set,
 * and every snapshot a tag names (the lease of a run that holds it).
 */
final class HistoryExpiry {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryExpiry.class);

  /** How many snapshots the history table keeps unless its properties say otherwise. */
  static final int KEEP = 50;

  private HistoryExpiry() {}

  /**
   * Expires the history table's older snapshots when it holds more than twice those it keeps. A
   * failure (another writer came first, an outage) leaves them for a later write: the history
   * written is not concerned.
   */
  static void expireIfDue(Table table) {
    Map<String, String> properties = table.properties();
    int keep = PropertyUtil.propertyAsInt(properties, TableProperties.MIN_SNAPSHOTS_TO_KEEP, KEEP);
    long olderThan =
        properties.containsKey(TableProperties.MAX_SNAPSHOT_AGE_MS)
            ? System.currentTimeMillis()
                - PropertyUtil.propertyAsLong(properties, TableProperties.MAX_SNAPSHOT_AGE_MS, 0L)
            : Long.MAX_VALUE;
    long expirable =
        StreamSupport.stream(table.snapshots().spliterator(), false)
            .filter(snapshot -> snapshot.timestampMillis() < olderThan)
            .count();
    if (expirable <= 2L * keep) {
      return;
    }
    try {
      table.expireSnapshots().expireOlderThan(olderThan).retainLast(keep).commit();
      LOG.debug("Expired the older snapshots of the history table {}", table.name());
    } catch (RuntimeException e) {
      LOG.debug(
          "Cannot expire the older snapshots of the history table {}: {}",
          table.name(),
          e.toString());
    }
  }
}
