package dev.icebergops.runner;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.inmemory.InMemoryFileIO;
import org.apache.iceberg.inmemory.InMemoryInputFile;
import org.apache.iceberg.inmemory.InMemoryOutputFile;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.PositionOutputStream;

/**
 * The files of a shadow catalog: held in this instance's memory only (unlike Iceberg's {@code
 * InMemoryFileIO}, whose files are shared by the whole JVM; its output files are used, and reach
 * this instance's map when closed), so that nothing a preview writes reaches a store or outlives
 * the preview. A file the shadow did not write (a data file, manifest or manifest list of the live
 * table) cannot be read: {@link NotOnShadow} says which.
 */
final class ShadowFileIO extends InMemoryFileIO {

  private final Map<String, byte[]> files = new ConcurrentHashMap<>();

  @Override
  public InputFile newInputFile(String location) {
    byte[] contents = files.get(location);
    if (contents == null) {
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
    files.remove(location);
  }

  /** A file of the live table that the shadow does not hold: its data cannot be previewed. */
  static final class NotOnShadow extends NotFoundException {
    private final String location;

    NotOnShadow(String location) {
      super("Cannot read %s on the preview's shadow: only the live table holds it", location);
      this.location = location;
    }

    String location() {
      return location;
    }
  }
}
