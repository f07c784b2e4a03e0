package dev.icebergops.migration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Migrations (and baselines) as {@code V<NNNN>__*.java} and {@code B<NNNN>__*.java} source files in
 * a directory, compiled in memory with the JDK compiler against a class path.
 */
final class FilesystemMigrationSource implements MigrationSource {

  private static final Logger LOG = LoggerFactory.getLogger(FilesystemMigrationSource.class);
  static final String PREFIX = "filesystem:";

  private final Path directory;
  private final SourceCompiler compiler;
  private String compiledKey;
  private List<Class<? extends Migration>> compiled;

  FilesystemMigrationSource(Path directory, ClassLoader parent, List<Path> classPath) {
    if (directory == null || directory.toString().isBlank()) {
      throw new IllegalArgumentException("Cannot use migration location: it is empty");
    }
    this.directory = directory.toAbsolutePath().normalize();
    this.compiler = new SourceCompiler(parent, classPath);
  }

  @Override
  public String location() {
    return PREFIX + directory;
  }

  @Override
  public synchronized List<ResolvedMigration> resolve(String namespace, MigrationFactory factory) {
    if (!Files.isDirectory(directory)) {
      throw new IllegalArgumentException(
          "Cannot find migrations at " + location() + ": no such directory");
    }
    Path chosen = chooseDirectory(namespace);
    List<Path> files = sourceFiles(chosen);
    String key = SourceCompiler.fingerprint(chosen, files);
    if (!key.equals(compiledKey)) {
      compiled = compiler.compile(chosen, files, key);
      compiledKey = key;
    }
    LOG.debug("Compiled {} migration classes in {}", compiled.size(), chosen);
    return MigrationSet.resolve(compiled, factory, location());
  }

  /** The namespace's subdirectory ({@code sales.eu} maps to {@code sales/eu}) when it exists. */
  private Path chooseDirectory(String namespace) {
    if (namespace != null && !namespace.isBlank()) {
      Path sub = directory.resolve(namespace.replace('.', '/'));
      if (Files.isDirectory(sub)) {
        return sub;
      }
    }
    return directory;
  }

  private static List<Path> sourceFiles(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      List<Path> files = new ArrayList<>();
      entries
          .filter(Files::isRegularFile)
          .filter(p -> p.getFileName().toString().endsWith(".java"))
          .sorted()
          .forEach(files::add);
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list migrations in " + dir, e);
    }
  }

  @Override
  public String toString() {
    return location();
  }
}
