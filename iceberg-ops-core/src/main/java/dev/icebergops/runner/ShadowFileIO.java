package dev.icebergops.runner;

import java.io.ByteArrayOutputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.inmemory.InMemoryInputFile;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.PositionOutputStream;

/**
 * The files of a shadow catalog: held in this instance's memory only (unlike Iceberg's {@code
 * InMemoryFileIO}, whose files are shared by the whole JVM), so that nothing a preview writes
 * reaches a store or outlives the preview. A file the shadow did not write (a data file, manifest
 * or manifest list of the live table) cannot be read: {@link NotOnShadow} says which.
 */
final class ShadowFileIO implements FileIO {

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
    return new ShadowOutputFile(location);
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

  private final class ShadowOutputFile implements OutputFile {
    private final String location;

    ShadowOutputFile(String location) {
      this.location = location;
    }

    @Override
    public PositionOutputStream create() {
      if (files.containsKey(location)) {
        throw new AlreadyExistsException("Cannot create %s: it already exists", location);
      }
      return createOrOverwrite();
    }

    @Override
    public PositionOutputStream createOrOverwrite() {
      return new PositionOutputStream() {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public long getPos() {
          return bytes.size();
        }

        @Override
        public void write(int b) {
          bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
          bytes.write(b, off, len);
        }

        @Override
        public void close() {
          files.put(location, bytes.toByteArray());
        }
      };
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public InputFile toInputFile() {
      return newInputFile(location);
    }
  }
}
