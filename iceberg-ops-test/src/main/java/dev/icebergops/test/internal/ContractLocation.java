package dev.icebergops.test.internal;

import dev.icebergops.schema.SchemaContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A directory of YAML schema contracts, one file per table ({@code orders.yaml} or {@code
 * orders.yml} for table {@code orders}), on the class path or the file system.
 *
 * <pre>{@code
 * Map<String, SchemaContract> contracts = ContractLocation.of("classpath:contracts/sales").load();
 * }</pre>
 *
 * <p>Only the files directly in the directory count. A class path directory is looked up with the
 * thread's context class loader (or this class's loader), first match wins, in a directory or a
 * jar.
 */
public record ContractLocation(String location) {

  private static final String CLASSPATH = "classpath:";
  private static final String FILESYSTEM = "filesystem:";

  /**
   * Parses "classpath:dir" or a file system path (optionally prefixed with {@code filesystem:}).
   *
   * @param location the location, as given, for messages
   * @throws IllegalArgumentException if the location is blank
   */
  public ContractLocation {
    if (location == null || location.isBlank()) {
      throw new IllegalArgumentException("Cannot find contracts: the location is empty");
    }
    location = location.trim();
  }

  /**
   * One contract file.
   *
   * @param table the table it is for: the file name without extension
   * @param file the file name, e.g. {@code orders.yaml}
   * @param contract the parsed contract
   */
  public record Entry(String table, String file, SchemaContract contract) {}

  /**
   * Parses "classpath:dir" or a file system path (optionally prefixed with {@code filesystem:}).
   *
   * @param location the location
   * @return the location
   * @throws IllegalArgumentException if the location is blank
   */
  public static ContractLocation of(String location) {
    return new ContractLocation(location);
  }

  /**
   * The contracts by table name, sorted by table name.
   *
   * @return the contracts
   * @throws IllegalArgumentException if the location does not exist or is not a directory, two
   *     files are for one table, or a file is not a valid contract
   * @throws UncheckedIOException if a file cannot be read
   */
  public Map<String, SchemaContract> load() {
    Map<String, SchemaContract> contracts = new LinkedHashMap<>();
    entries().forEach(entry -> contracts.put(entry.table(), entry.contract()));
    return contracts;
  }

  /**
   * The contract files with their table and file names, sorted by table name.
   *
   * @return the entries
   * @throws IllegalArgumentException as for {@link #load()}
   * @throws UncheckedIOException as for {@link #load()}
   */
  public List<Entry> entries() {
    if (location.startsWith(CLASSPATH)) {
      return fromClasspath(location.substring(CLASSPATH.length()));
    }
    String path =
        location.startsWith(FILESYSTEM) ? location.substring(FILESYSTEM.length()) : location;
    return read(directory(Path.of(path)));
  }

  private List<Entry> fromClasspath(String resource) {
    String dir = resource.replaceAll("^/+", "").replaceAll("/+$", "");
    URL url =
        Objects.requireNonNullElse(
                Thread.currentThread().getContextClassLoader(),
                ContractLocation.class.getClassLoader())
            .getResource(dir);
    if (url == null) {
      throw missing("no directory " + dir + " on the class path");
    }
    URI uri;
    try {
      uri = url.toURI();
    } catch (URISyntaxException e) {
      throw missing("cannot read " + url + " (" + e.getMessage() + ")");
    }
    if ("file".equals(uri.getScheme())) {
      return read(directory(Path.of(uri)));
    }
    if ("jar".equals(uri.getScheme())) {
      return fromJar(uri);
    }
    throw missing("cannot read " + url + ": only directories and jars are supported");
  }

  private List<Entry> fromJar(URI uri) {
    String spec = uri.getSchemeSpecificPart();
    String inside = spec.substring(spec.indexOf("!/") + 1);
    FileSystem opened;
    try {
      opened = FileSystems.newFileSystem(uri, Map.of());
    } catch (FileSystemAlreadyExistsException e) {
      return read(directory(FileSystems.getFileSystem(uri).getPath(inside)));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read contracts at " + location + ": " + e, e);
    }
    try {
      return read(directory(opened.getPath(inside)));
    } finally {
      try {
        opened.close();
      } catch (IOException ignored) {
        // reading is done; a failure to close the jar changes nothing
      }
    }
  }

  private Path directory(Path dir) {
    if (!Files.exists(dir)) {
      throw missing(dir.toAbsolutePath() + " does not exist");
    }
    if (!Files.isDirectory(dir)) {
      throw missing(dir.toAbsolutePath() + " is not a directory");
    }
    return dir;
  }

  private List<Entry> read(Path dir) {
    List<Path> files;
    try (Stream<Path> children = Files.list(dir)) {
      files =
          children.filter(Files::isRegularFile).filter(ContractLocation::isYaml).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list contracts at " + location + ": " + e, e);
    }
    Map<String, Entry> byTable = new TreeMap<>();
    for (Path file : files) {
      String name = file.getFileName().toString();
      String table = name.substring(0, name.lastIndexOf('.'));
      Entry previous = byTable.get(table);
      if (previous != null) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot load contracts at %s: table %s has two contract files, %s and %s",
                location, table, previous.file(), name));
      }
      try {
        byTable.put(table, new Entry(table, name, SchemaContract.fromYaml(file)));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read contract " + file + ": " + e, e);
      }
    }
    return List.copyOf(byTable.values());
  }

  private static boolean isYaml(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".yaml") || name.endsWith(".yml");
  }

  private IllegalArgumentException missing(String reason) {
    return new IllegalArgumentException("Cannot find contracts at " + location + ": " + reason);
  }

  @Override
  public String toString() {
    return location;
  }
}
