package dev.icebergops.test.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.inmemory.InMemoryInputFile;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.SeekableInputStream;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;

/**
 * The files of the data check's read-backs: a file the store still lists with the size and time it
 * had when it was first read is read again from memory, through Iceberg's own readers, instead of
 * being fetched once more.
 *
 * <p>The read-back after every downgrade reads every file the check wrote, one per version, so a
 * chain of N versions fetched N x N files. Iceberg writes each file once under a name of its own,
 * so the bytes of a file the store lists unchanged are the bytes read before. One listing of the
 * table's location per read-back proves it: a file that is gone from the store or was written again
 * is fetched, and so is a file whose length differs from the one its table recorded: each then
 * fails or reads as it would without this class.
 *
 * <p>The files were still parsed again at every step, N x N of them (most of a 300-version suite's
 * time): {@link #read} gives a table still at the snapshot of its last full read, every file of
 * that read unchanged in the store, that read's rows projected on its schema.
 *
 * <pre>{@code
 * ReadBackFiles files = new ReadBackFiles();
 * TableRead read = files.read(table); // after each downgrade
 * }</pre>
 */
final class ReadBackFiles {

  /** Files above this size are always fetched: the check's own files are a few KiB. */
  static final long LARGEST_KEPT = 1 << 20;

  /** A file as fetched, with what the store listed for it then. */
  private record Kept(long size, long createdAtMillis, byte[] bytes) {}

  private final Map<String, Kept> kept = new HashMap<>();

  /** A table's last full read: its snapshot, every file it opened, its rows. */
  private record LastRead(long snapshotId, Set<String> opened, TableRead rows) {}

  /** The last full read of each table, by uuid. */
  private final Map<String, LastRead> lastReads = new HashMap<>();

  /** How many times {@link #read} read a table in full. */
  private int fullReads;

  /**
   * A read-only view of the table at its current metadata whose reads reuse the files kept from
   * earlier reads and plan in the reading thread, or the table itself when its store cannot list
   * files.
   *
   * @param table the table, as just loaded
   * @return the table to read
   */
  Table view(Table table) {
    return view(table, listing(table), null);
  }

  /**
   * Every row of the table as it reads now ({@link TableRead#of(Table)}). When the table is at the
   * snapshot of its last full read here and every file that read opened is still listed as it was
   * kept, its rows are that read's, projected on the table's schema without opening a file: one
   * snapshot's files, the same bytes, give the same rows, and a dropped or renamed column changes
   * no other value ({@link TableRead#projectedOn}). Otherwise, as after a downgrade that rewrote
   * data or a file gone from the store, the table is read in full.
   *
   * @param table the table, as just loaded
   * @return the rows as they read now
   */
  TableRead read(Table table) {
    Map<String, FileInfo> listed = listing(table);
    Snapshot current = table.currentSnapshot();
    LastRead last = lastReads.get(table.uuid().toString());
    if (listed != null
        && current != null
        && last != null
        && last.snapshotId() == current.snapshotId()
        && last.opened().stream().allMatch(path -> keptUnchanged(path, listed))) {
      TableRead projected = last.rows().projectedOn(table.schema());
      if (projected != null) {
        return projected;
      }
    }
    Set<String> opened = new HashSet<>();
    TableRead read = TableRead.of(view(table, listed, opened));
    fullReads++;
    if (listed != null && current != null) {
      lastReads.put(
          table.uuid().toString(), new LastRead(current.snapshotId(), Set.copyOf(opened), read));
    }
    return read;
  }

  /** How many times {@link #read} read a table in full rather than reusing its last read. */
  int fullReads() {
    return fullReads;
  }

  /** What the table's store lists under its location, or null when it cannot list files. */
  private static Map<String, FileInfo> listing(Table table) {
    if (!(table.io() instanceof SupportsPrefixOperations store)) {
      return null;
    }
    Map<String, FileInfo> listed = new HashMap<>();
    for (FileInfo file : store.listPrefix(table.location() + "/")) {
      listed.put(file.location(), file);
    }
    return listed;
  }

  /** Whether the file is kept, and listed with the size and time it had when it was fetched. */
  private boolean keptUnchanged(String path, Map<String, FileInfo> listed) {
    FileInfo info = listed.get(path);
    Kept file = kept.get(path);
    return info != null
        && file != null
        && file.size() == info.size()
        && file.createdAtMillis() == info.createdAtMillis();
  }

  /**
   * The table read through {@code listed}, each path it opens added to {@code opened} unless null;
   * the table itself when there is no listing.
   */
  private Table view(Table table, Map<String, FileInfo> listed, Set<String> opened) {
    if (listed == null || !(table instanceof HasTableOperations operations)) {
      return table;
    }
    StaticTableOperations readOnly =
        new StaticTableOperations(
            operations.operations().current(), listedFiles(table.io(), listed, opened));
    return new BaseTable(readOnly, table.name()) {
      @Override
      public TableScan newScan() {
        return super.newScan().planWith(MoreExecutors.newDirectExecutorService());
      }
    };
  }

  /**
   * The table's file IO for reads, {@code store}'s, serving a listed file unchanged since it was
   * kept; each path it opens added to {@code opened} unless null.
   */
  private FileIO listedFiles(FileIO store, Map<String, FileInfo> listed, Set<String> opened) {
    return new FileIO() {
      @Override
      public InputFile newInputFile(String path) {
        return input(path, null);
      }

      @Override
      public InputFile newInputFile(String path, long length) {
        return input(path, length);
      }

      /**
       * The file from memory when listed unchanged and as long as expected, else from the store.
       */
      private InputFile input(String path, Long length) {
        if (opened != null) {
          opened.add(path);
        }
        FileInfo info = listed.get(path);
        if (info == null
            || info.size() > LARGEST_KEPT
            || (length != null && length != info.size())) {
          return length == null ? store.newInputFile(path) : store.newInputFile(path, length);
        }
        if (!keptUnchanged(path, listed)) {
          kept.put(
              path, new Kept(info.size(), info.createdAtMillis(), fetch(store, path, info.size())));
        }
        return new InMemoryInputFile(path, kept.get(path).bytes());
      }

      @Override
      public OutputFile newOutputFile(String path) {
        throw new UnsupportedOperationException(
            "Cannot write " + path + ": a read-back is read-only");
      }

      @Override
      public void deleteFile(String path) {
        throw new UnsupportedOperationException(
            "Cannot delete " + path + ": a read-back is read-only");
      }

      @Override
      public Map<String, String> properties() {
        return store.properties();
      }
    };
  }

  private static byte[] fetch(FileIO store, String path, long size) {
    try (SeekableInputStream in = store.newInputFile(path, size).newStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + path + ": " + e.getMessage(), e);
    }
  }
}
