package dev.icebergops.history.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import org.apache.iceberg.BaseOverwriteFiles;
import org.apache.iceberg.BaseRowDelta;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RollingManifestWriter;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Table;

/**
 * The history table's overwrites and row deltas, each writing the manifest of its new data file in
 * the committing thread. Iceberg 1.11 writes that manifest on its worker pool, whatever executor
 * the commit is given, and polls the pool every 10 ms, which cost every history write (one per
 * version) about 10 ms. Iceberg 1.12's {@code SnapshotUpdate.writeManifestsWith} chooses the
 * executor through the API, and replaces this class once the project is on 1.12. A write that moves
 * the lease tag commits the tag with its snapshot ({@link RebaseLimit}), so it writes this way too;
 * only the rare layout upgrade, a transaction, writes through Iceberg's own updates. The toolkit's
 * appends reach the same end through the API 1.11 has for appends ({@code
 * AppendFiles.appendManifest}).
 */
final class HistoryCommits {

  private HistoryCommits() {}

  /** A new overwrite of {@code table}. */
  static OverwriteFiles newOverwrite(Table table) {
    return table instanceof BaseTable base ? new Overwrite(base) : table.newOverwrite();
  }

  /** A new row delta of {@code table}. */
  static RowDelta newRowDelta(Table table) {
    return table instanceof BaseTable base ? new Delta(base) : table.newRowDelta();
  }

  /** Writes the manifests of {@code files} in this thread, as Iceberg's own writer would. */
  private static List<ManifestFile> write(
      RollingManifestWriter<DataFile> writer, Collection<DataFile> files, Long dataSeq) {
    try (writer) {
      for (DataFile file : files) {
        if (dataSeq != null) {
          writer.add(file, dataSeq);
        } else {
          writer.add(file);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a manifest of the history: " + e, e);
    }
    return writer.toManifestFiles();
  }

  private static final class Overwrite extends BaseOverwriteFiles {
    Overwrite(BaseTable table) {
      super(table.name(), table.operations());
      reportWith(table.reporter());
    }

    @Override
    protected List<ManifestFile> writeDataManifests(
        Collection<DataFile> files, Long dataSeq, PartitionSpec spec) {
      return write(newRollingManifestWriter(spec), files, dataSeq);
    }
  }

  private static final class Delta extends BaseRowDelta {
    Delta(BaseTable table) {
      super(table.name(), table.operations());
      reportWith(table.reporter());
    }

    @Override
    protected List<ManifestFile> writeDataManifests(
        Collection<DataFile> files, Long dataSeq, PartitionSpec spec) {
      return write(newRollingManifestWriter(spec), files, dataSeq);
    }
  }
}
