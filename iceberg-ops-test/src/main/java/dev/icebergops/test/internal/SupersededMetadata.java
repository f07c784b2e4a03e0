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
 * through old metadata), so the others go as soon as a capture sees them superseded.
 */
final class SupersededMetadata {

  private static final Logger LOG = LoggerFactory.getLogger(SupersededMetadata.class);

  /** The files already deleted, so that each is deleted once. */
  private final Set<String> deleted = new HashSet<>();

  /**
   * Deletes the superseded metadata files of {@code tables}, as their current metadata lists them;
   * a file that cannot be deleted is left, and logged.
   */
  void deleteFrom(Map<String, Table> tables) {
    for (Table table : tables.values()) {
      if (!(table instanceof HasTableOperations ops)) {
        continue;
      }
      TableMetadata current = ops.operations().current();
      List<String> files = new ArrayList<>();
      for (TableMetadata.MetadataLogEntry entry : current.previousFiles()) {
        if (deleted.add(entry.file())) {
          files.add(entry.file());
        }
      }
      delete(table.io(), files, table.name());
    }
  }

  private static void delete(FileIO io, List<String> files, String table) {
    if (files.isEmpty()) {
      return;
    }
    try {
      if (io instanceof SupportsBulkOperations bulk) {
        bulk.deleteFiles(files);
      } else {
        files.forEach(io::deleteFile);
      }
    } catch (RuntimeException e) {
      LOG.debug("Cannot delete superseded metadata of {}: {}", table, e.toString());
    }
  }
}
