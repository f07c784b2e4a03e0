package dev.icebergops.runner;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.inmemory.InMemoryFileIO;
import org.apache.iceberg.inmemory.InMemoryInputFile;
import org.apache.iceberg.inmemory.InMemoryOutputFile;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.util.Tasks;

/**
 * The files of a shadow catalog: held in this instance's memory only (unlike Iceberg's {@code
 * InMemoryFileIO}, whose files are shared by the whole JVM; its output files are used, and reach
 * this instance's map when closed), so that nothing a preview writes reaches a store or outlives
 * the preview. A file the shadow did not write (a data file, manifest or manifest list of the live
 * table) cannot be read: {@link NotOnShadow} says which, and Iceberg does not retry it. Each such
 * read, and each delete of such a file, is remembered until {@link #drain()}: Iceberg swallows some
 * of these failures (the file cleanup of a snapshot expiry), and a preview must not.
 */
final class ShadowFileIO extends InMemoryFileIO {

  private final Map<String, byte[]> files = new ConcurrentHashMap<>();
  private final Set<String> reads = ConcurrentHashMap.newKeySet();
  private final Set<String> deletes = ConcurrentHashMap.newKeySet();

  /**
   * The files of the live tables asked for since the last drain, each set sorted (and the caller's
   * to change).
   *
   * @param reads the files read, which the shadow refused
   * @param deletes the files deleted, which the shadow only forgot
   */
  record Unheld(Set<String> reads, Set<String> deletes) {}

  /** What was asked of files the shadow does not hold since the last call, and forgets it. */
  synchronized Unheld drain() {
    Unheld unheld = new Unheld(new TreeSet<>(reads), new TreeSet<>(deletes));
    reads.removeAll(unheld.reads());
    deletes.removeAll(unheld.deletes());
    return unheld;
  }

  @Override
  public InputFile newInputFile(String location) {
    byte[] contents = files.get(location);
    if (contents == null) {
      reads.add(location);
      throw new NotOnShadow(location);
    }
    return new InMemoryInputFile(location, contents);
  }

  @Override
  public OutputFile newOutputFile(String location) {
    return new InMemoryOutputFile(location, this) {
      @Override
      public PositionOutputStream create() {
        if (files.containsKey(location)) {
          throw new AlreadyExistsException("Cannot create %s: it already exists", location);
        }
        return createOrOverwrite();
      }
    };
  }

  /** Keeps a closed output file's contents in this instance (never in the JVM-wide map). */
  @Override
  public void addFile(String location, byte[] contents) {
    files.put(location, contents);
  }

  @Override
  public boolean fileExists(String location) {
    return files.containsKey(location);
  }

  @Override
  public void deleteFile(String location) {
    if (files.remove(location) == null) {
      deletes.add(location);
    }
  }

  /**
   * A file of the live table that the shadow does not hold: its data cannot be previewed. Iceberg's
   * tasks do not retry it (retrying cannot help, and it filled the log with "Retrying task").
   */
  static final class NotOnShadow extends Tasks.UnrecoverableException {
    private final String location;

    NotOnShadow(String location) {
      super("Cannot read " + location + " on the preview's shadow: only the live table holds it");
      this.location = location;
    }

    String location() {
      return location;
    }

    /**
     * None: the refusal is expected, the preview names it, and Iceberg's file cleanup logs it as a
     * warning, which then carries no stack trace.
     */
    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }
}
