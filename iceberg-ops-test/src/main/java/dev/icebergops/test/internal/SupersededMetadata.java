package dev.icebergops.test.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.SupportsBulkOperations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the metadata files that a journey's tables have left behind: every commit writes a new
 * metadata file holding every schema the table ever had, so on a chain of hundreds of migrations
 * the files the journey's commits supersede add up to gigabytes (the embedded store keeps them in
 * memory). Only the current file of each table is read again (the journey never time-travels
 * through old metadata), so the others go once a capture sees them superseded: {@value #BATCH} at a
 * time, each batch in one request, and the rest when the journey ends ({@link #flush}).
 */
final class SupersededMetadata {

  private static final Logger LOG = LoggerFactory.getLogger(SupersededMetadata.class);

  /** How many superseded files wait before one request deletes them. */
  static final int BATCH = 64;

  /** The files already deleted or waiting, so that each is deleted once. */
  private final Set<String> seen = new HashSet<>();

  /** The files waiting to be deleted, and the file IO of the tables that left them. */
  private final List<String> waiting = new ArrayList<>();

  private FileIO io;

  /**
   * Deletes the superseded metadata files of {@code tables}, as their current metadata lists them,
   * once {@value #BATCH} wait; a file that cannot be deleted is left, and logged.
   */
  void deleteFrom(Map<String, Table> tables) {
    for (Table table : tables.values()) {
      if (!(table instanceof HasTableOperations ops)) {
        continue;
      }
      if (io != table.io()) {
        flush();
        io = table.io();
      }
      ops.operations().current().previousFiles().stream()
          .map(TableMetadata.MetadataLogEntry::file)
          .filter(seen::add)
          .forEach(waiting::add);
    }
    if (waiting.size() >= BATCH) {
      flush();
    }
  }

  /** Deletes the files waiting, in one request where the store takes bulk deletes. */
  void flush() {
    if (waiting.isEmpty()) {
      return;
    }
    try {
      if (io instanceof SupportsBulkOperations bulk) {
        bulk.deleteFiles(waiting);
      } else {
        waiting.forEach(io::deleteFile);
      }
    } catch (RuntimeException e) {
      LOG.debug("Cannot delete superseded metadata: {}", e.toString());
    }
    waiting.clear();
  }
}
