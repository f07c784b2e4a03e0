package dev.icebergops.tooling;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSet;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.SkippedMigration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Migrations (and baselines) as {@code V<NNNN>__*.java} and {@code B<NNNN>__*.java} source files in
 * a directory, compiled in memory with the JDK compiler against a class path.
 *
 * <p>Every {@code .java} file is compiled; one not named like a migration is a helper. What is
 * skipped is named, with the reason, at WARN and by {@link #skipped(String)}: a {@code .java} file
 * whose name starts like a migration's but breaks the rule ({@code v0006_add.java}, {@code
 * V6__Add.java}), a file whose class is a {@link Migration} under another name, a class named like
 * a migration that is not one, and a file of another kind named like a migration ({@code
 * V0006__Add.sql}). Other files (a README, helpers) are left alone without a word.
 */
public final class FilesystemMigrationSource implements MigrationSource {

  private static final Logger LOG = LoggerFactory.getLogger(FilesystemMigrationSource.class);
  static final String PREFIX = "filesystem:";
  private static final String JAVA = ".java";

  /** A name that starts like a migration's: V or B (either case), then a digit. */
  private static final Pattern ATTEMPT = Pattern.compile("[VvBb]\\d.*");

  private final Path directory;
  private final SourceCompiler compiler;
  private List<SkippedMigration> skipped = List.of();

  /**
   * A directory of {@code V<NNNN>__<Description>.java} (and {@code B<NNNN>__} baseline) source
   * files, compiled in memory with the JDK compiler against this JVM's class path when the
   * migrations are resolved (again only when a file changed). Every {@code .java} file directly in
   * the directory is compiled, so helpers may sit beside the migrations; a subdirectory named after
   * the namespace ({@code sales.eu} maps to {@code sales/eu}) is used instead when it exists.
   * Resolving throws {@link MigrationCompileException} when a file does not compile.
   *
   * <pre>{@code
   * MigrationRunner.builder(catalog).source(FilesystemMigrationSource.of(Path.of("migrations")))
   * }</pre>
   *
   * @param directory the directory
   * @return the source
   * @throws IllegalArgumentException if the directory is empty
   */
  public static FilesystemMigrationSource of(Path directory) {
    return new FilesystemMigrationSource(directory, null, List.of());
  }

  /**
   * A directory of migration source files, compiled against this JVM's class path plus extra
   * entries, and loaded by a child of {@code parent}.
   *
   * @param directory the directory
   * @param parent the class loader the migrations' dependencies come from
   * @param classPath extra jars or directories to compile against (also visible to {@code parent})
   * @return the source
   * @throws IllegalArgumentException if the directory is empty
   */
  public static FilesystemMigrationSource of(
      Path directory, ClassLoader parent, List<Path> classPath) {
    return new FilesystemMigrationSource(directory, parent, classPath);
  }

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
    return MigrationSet.resolve(compile(namespace), factory, location());
  }

  @Override
  public synchronized List<SkippedMigration> skipped(String namespace) {
    compile(namespace);
    return skipped;
  }

  /**
   * Compiles the namespace's directory when a source file changed, and names what it skips (at WARN
   * when that changed).
   */
  private List<Class<? extends Migration>> compile(String namespace) {
    if (!Files.isDirectory(directory)) {
      throw new IllegalArgumentException(
          "Cannot find migrations at " + location() + ": no such directory");
    }
    Path chosen = directoryFor(directory, namespace);
    List<Path> entries = entries(chosen);
    List<Path> files =
        entries.stream().filter(p -> p.getFileName().toString().endsWith(JAVA)).toList();
    SourceCompiler.Compiled compiled = compiler.compile(chosen, files);
    LOG.debug("Compiled {} migration classes in {}", compiled.migrations().size(), chosen);
    List<SkippedMigration> now = skippedFiles(entries, compiled.skipped());
    if (!now.equals(skipped)) {
      now.forEach(s -> LOG.warn("Skipping {}: {}", s.name(), s.reason()));
    }
    skipped = now;
    return compiled.migrations();
  }

  /**
   * The files and classes skipped: each class the compiler left out, named by its file when a file
   * of its name exists, and the files whose names start like a migration's but break the rule.
   */
  private static List<SkippedMigration> skippedFiles(
      List<Path> entries, List<SkippedMigration> classes) {
    List<SkippedMigration> skipped = new ArrayList<>(classes);
    // a file its class's entry names already is not named again
    List<String> named = classes.stream().map(SkippedMigration::name).toList();
    for (Path entry : entries) {
      String name = entry.getFileName().toString();
      if (named.contains(entry.toString()) || !ATTEMPT.matcher(name).matches()) {
        continue;
      }
      String reason =
          !name.endsWith(JAVA)
              ? "it is not a .java file, so it is not compiled; a migration is a"
                  + " V<NNNN>__<Description>.java file"
              : MigrationSet.followsNamingRule(name.substring(0, name.length() - JAVA.length()))
                  ? null
                  : "its name is not V<NNNN>__<Description>.java (four digits, two underscores,"
                      + " e.g. V0006__AddRefunds.java), so it is compiled as a helper and never"
                      + " applied";
      if (reason != null) {
        skipped.add(new SkippedMigration(entry.toString(), reason));
      }
    }
    skipped.sort(Comparator.comparing(SkippedMigration::name));
    return List.copyOf(skipped);
  }

  /**
   * The directory of a namespace's migration files: the namespace's subdirectory ({@code sales.eu}
   * maps to {@code sales/eu}) when it exists, else the directory itself.
   *
   * @param directory the migrations directory
   * @param namespace the namespace, or null
   * @return the directory to read or write the namespace's migration files in
   */
  public static Path directoryFor(Path directory, String namespace) {
    if (namespace != null && !namespace.isBlank()) {
      Path sub = directory.resolve(namespace.replace('.', '/'));
      if (Files.isDirectory(sub)) {
        return sub;
      }
    }
    return directory;
  }

  /**
   * The regular files directly in a directory, sorted by name. A {@code .java} file or one named
   * like a migration that cannot be read as a file (a dangling or looping symbolic link, a FIFO, a
   * device, an unreadable file) is an error naming it, not a silent gap; it is never opened, so a
   * FIFO does not block.
   */
  private static List<Path> entries(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      List<Path> files = new ArrayList<>();
      for (Path entry : entries.sorted().toList()) {
        if (Files.isRegularFile(entry)) {
          if (mayBeMigration(entry) && !Files.isReadable(entry)) {
            throw unreadable(entry, "permission denied");
          }
          files.add(entry);
        } else if (!Files.isDirectory(entry) && mayBeMigration(entry)) {
          throw unreadable(entry, whyNotAFile(entry));
        }
      }
      return List.copyOf(files);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list migrations in " + dir, e);
    }
  }

  private static boolean mayBeMigration(Path entry) {
    String name = entry.getFileName().toString();
    return name.endsWith(JAVA) || ATTEMPT.matcher(name).matches();
  }

  private static IllegalArgumentException unreadable(Path entry, String reason) {
    return new IllegalArgumentException(
        "Cannot read migration file %s: %s; fix or remove it".formatted(entry, reason));
  }

  /** Why an entry that is neither a regular file nor a directory cannot be read. */
  private static String whyNotAFile(Path entry) {
    if (Files.isSymbolicLink(entry)) {
      String target;
      try {
        target = Files.readSymbolicLink(entry).toString();
      } catch (IOException e) {
        target = "?";
      }
      try {
        entry.toRealPath();
      } catch (NoSuchFileException e) {
        return "it is a symbolic link to " + target + ", which does not exist";
      } catch (IOException e) {
        String reason = e instanceof FileSystemException fs ? fs.getReason() : e.getMessage();
        if (reason != null && reason.startsWith("Too many levels of symbolic links")) {
          return "it is a symbolic link to " + target + " that loops back on itself";
        }
        return "it is a symbolic link to %s that cannot be followed: %s"
            .formatted(target, reason == null ? e.getClass().getSimpleName() : reason);
      }
      return "it is a symbolic link to " + target + ", which is not a regular file";
    }
    return "it is not a regular file (a FIFO, socket or device)";
  }

  @Override
  public String toString() {
    return location();
  }
}
