package dev.icebergops.test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.icebergops.internal.CallingThreadExecutor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.util.JsonUtil;

/**
 * One table's state, taken once and copied into other namespaces in a time that does not grow with
 * the number of commits behind it: the current metadata (every schema, spec and sort order with its
 * ids, the properties, the last column and partition ids) written as the first metadata file of a
 * new table and registered in the catalog, and the live data files copied beside it. A copy shares
 * no file with its source: it can append, delete, drop and purge without touching the source or
 * another copy.
 *
 * <p>The copy has one snapshot at most (the live data files appended at once), no snapshot log,
 * metadata log, branches, tags or statistics. A table with delete files is not copied ({@link #of}
 * refuses it): the rows it holds are not the rows of its data files alone.
 */
final class TableCopy {

  /** The parts of a metadata file that name the table's own history or files, left out. */
  private static final List<String> HISTORY_FIELDS =
      List.of(
          "snapshots",
          "snapshot-log",
          "metadata-log",
          "refs",
          "statistics",
          "partition-statistics");

  private final String name;
  private final Schema schema;
  private final ObjectNode metadata;
  private final String location;
  private final List<DataFile> dataFiles;
  private final FileIO io;

  private TableCopy(
      String name,
      Schema schema,
      ObjectNode metadata,
      String location,
      List<DataFile> dataFiles,
      FileIO io) {
    this.name = name;
    this.schema = schema;
    this.metadata = metadata;
    this.location = location;
    this.dataFiles = dataFiles;
    this.io = io;
  }

  /**
   * The state of {@code table} now.
   *
   * @throws UnsupportedOperationException if the table does not expose its metadata, or has delete
   *     files
   */
  static TableCopy of(Table table) {
    if (!(table instanceof HasTableOperations ops)) {
      throw new UnsupportedOperationException(
          "Cannot copy table " + table.name() + ": it does not expose its metadata");
    }
    TableMetadata current = ops.operations().current();
    ObjectNode metadata;
    try {
      metadata = (ObjectNode) JsonUtil.mapper().readTree(TableMetadataParser.toJson(current));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    HISTORY_FIELDS.forEach(metadata::remove);
    metadata.put("current-snapshot-id", -1L);
    return new TableCopy(
        table.name(),
        current.schema(),
        metadata,
        current.location(),
        liveDataFiles(table),
        table.io());
  }

  private static List<DataFile> liveDataFiles(Table table) {
    if (table.currentSnapshot() == null) {
      return List.of();
    }
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks =
        table.newScan().planWith(CallingThreadExecutor.INSTANCE).planFiles()) {
      for (FileScanTask task : tasks) {
        if (!task.deletes().isEmpty()) {
          throw new UnsupportedOperationException(
              "Cannot copy table " + table.name() + ": it has delete files");
        }
        files.add(task.file().copy());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /** Whether the table had rows: a copy then appends copies of its data files. */
  boolean hasData() {
    return !dataFiles.isEmpty();
  }

  /**
   * Creates {@code target} as a copy: at the location the catalog gives a new table of that name,
   * with a metadata file of its own and copies of the data files.
   *
   * @return the copy, loaded
   */
  Table copyTo(Catalog catalog, TableIdentifier target) {
    String targetLocation = catalog.newCreateTableTransaction(target, schema).table().location();
    ObjectNode copy = metadata.deepCopy();
    copy.put("location", targetLocation);
    copy.put("table-uuid", UUID.randomUUID().toString());
    copy.put("last-updated-ms", System.currentTimeMillis());
    String metadataFile =
        targetLocation + "/metadata/00000-" + UUID.randomUUID() + ".metadata.json";
    TableMetadataParser.write(
        TableMetadataParser.fromJson(metadataFile, copy), io.newOutputFile(metadataFile));
    Table table = catalog.registerTable(target, metadataFile);
    if (!dataFiles.isEmpty()) {
      AppendFiles append = table.newFastAppend();
      for (DataFile file : dataFiles) {
        append.appendFile(copyFile(table, file, targetLocation));
      }
      append.commit();
    }
    return table;
  }

  /** A copy of one data file under {@code targetLocation}, at the same relative path if it can. */
  private DataFile copyFile(Table table, DataFile file, String targetLocation) {
    String source = file.location();
    String relative =
        source.startsWith(location + "/")
            ? source.substring(location.length())
            : "/data/copied-"
                + UUID.randomUUID()
                + "-"
                + source.substring(source.lastIndexOf('/') + 1);
    String path = targetLocation + relative;
    try (InputStream in = io.newInputFile(source).newStream();
        PositionOutputStream out = io.newOutputFile(path).create()) {
      in.transferTo(out);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot copy data file " + source + " of " + name, e);
    }
    return DataFiles.builder(table.specs().get(file.specId())).copy(file).withPath(path).build();
  }

  @Override
  public String toString() {
    return "TableCopy{" + name + ", " + dataFiles.size() + " data files}";
  }
}
