package dev.icebergops.tooling;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationSet;
import dev.icebergops.migration.SkippedMigration;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Compiles migration source files in memory and loads the migration classes among them. */
final class SourceCompiler {

  private static final Logger LOG = LoggerFactory.getLogger(SourceCompiler.class);

  /**
   * The class files of the last few compilations in this JVM, by sources and class path: a process
   * that builds several runners over one directory (a test suite, say) compiles it once.
   */
  private static final int CACHED_COMPILATIONS = 16;

  private static final Map<String, Map<String, byte[]>> COMPILED =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(CACHED_COMPILATIONS, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Map<String, byte[]>> eldest) {
              return size() > CACHED_COMPILATIONS;
            }
          });

  private final ClassLoader parent;
  private final List<Path> extraClassPath;

  /** The key and the migration classes of the last compilation, kept while no file changes. */
  private String compiledKey;

  private Compiled compiled;

  SourceCompiler(ClassLoader parent, List<Path> extraClassPath) {
    this.parent = parent != null ? parent : SourceCompiler.class.getClassLoader();
    this.extraClassPath = List.copyOf(extraClassPath);
  }

  /** A digest of the directory's source files (names and contents), to skip recompiling. */
  private static String fingerprint(Path dir, List<Path> files) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update(dir.toString().getBytes(StandardCharsets.UTF_8));
      for (Path file : files) {
        digest.update(file.getFileName().toString().getBytes(StandardCharsets.UTF_8));
        digest.update(Files.readAllBytes(file));
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read migrations in " + dir, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot compute checksum: SHA-256 is unavailable", e);
    }
  }

  /**
   * The migration classes of a compilation, and the top-level classes left out although they look
   * like migrations: a concrete {@link Migration} whose name breaks the rule (compiled as a helper,
   * never applied), or a class named like a migration that is not a concrete one.
   *
   * @param migrations the classes named {@code V<NNNN>__} or {@code B<NNNN>__} that are migrations
   * @param skipped the classes left out, with the reason: by their file when a file of their name
   *     holds them, else by class name
   */
  record Compiled(List<Class<? extends Migration>> migrations, List<SkippedMigration> skipped) {}

  /**
   * The migration classes of the files: those of the last call while no file changed, else this
   * JVM's earlier compilation of the same sources against the same class path, or a new one, loaded
   * in a new class loader.
   */
  Compiled compile(Path dir, List<Path> files) {
    if (files.isEmpty()) {
      return new Compiled(List.of(), List.of());
    }
    String classPath = classPath();
    String key = fingerprint(dir, files) + File.pathSeparator + classPath;
    if (!key.equals(compiledKey)) {
      Map<String, byte[]> classes = COMPILED.get(key);
      if (classes == null) {
        classes = javac(dir, files, classPath);
        COMPILED.put(key, classes);
      }
      compiled = load(dir, files, new MemoryClassLoader(parent, classes));
      compiledKey = key;
    }
    return compiled;
  }

  private static Map<String, byte[]> javac(Path dir, List<Path> files, String classPath) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException(
          ("Cannot compile migrations in %s: this Java runtime has no compiler; run on a JDK, not"
                  + " a JRE")
              .formatted(dir));
    }
    long start = System.nanoTime();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Map<String, byte[]> classes = new ConcurrentHashMap<>();
    try (StandardJavaFileManager standard =
            javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8);
        JavaFileManager memory = inMemory(standard, classes)) {
      List<String> options =
          List.of("-classpath", classPath, "-proc:none", "-encoding", "UTF-8", "-nowarn");
      Iterable<? extends JavaFileObject> units = standard.getJavaFileObjectsFromPaths(files);
      boolean ok = javac.getTask(null, memory, diagnostics, options, null, units).call();
      if (!ok) {
        throw compileError(dir, diagnostics.getDiagnostics());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot compile migrations in " + dir, e);
    }
    LOG.debug(
        "Compiled {} files in {} in {} ms",
        files.size(),
        dir,
        (System.nanoTime() - start) / 1_000_000);
    return Map.copyOf(classes);
  }

  private static Compiled load(Path dir, List<Path> files, MemoryClassLoader loader) {
    List<Class<? extends Migration>> types = new ArrayList<>();
    List<SkippedMigration> skipped = new ArrayList<>();
    for (String name : loader.classNames()) {
      if (name.contains("$")) {
        continue;
      }
      Class<?> type;
      try {
        type = Class.forName(name, false, loader); // loaded, not initialised
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("Cannot load compiled migration " + name, e);
      }
      if (type.getClassLoader() != loader) { // the parent loads first: its class would run
        throw new IllegalArgumentException(
            ("Cannot load migration %s: both %s and the class path (%s) hold a class of that"
                    + " name; only the class path's would run")
                .formatted(
                    name, dir, loader.getParent().getResource(name.replace('.', '/') + ".class")));
      }
      // an interface is abstract too
      boolean migration =
          Migration.class.isAssignableFrom(type)
              && !java.lang.reflect.Modifier.isAbstract(type.getModifiers());
      String simple = name.substring(name.lastIndexOf('.') + 1);
      boolean named = MigrationSet.followsNamingRule(simple);
      if (named && migration) {
        types.add(type.asSubclass(Migration.class));
      } else if (named || migration) {
        String reason =
            named
                ? "it is named like a migration but is not a concrete "
                    + Migration.class.getSimpleName()
                : ("it is a %s, but its name is not V<NNNN>__<Description> (four digits, two"
                        + " underscores, e.g. V0006__AddRefunds), so it is compiled as a helper"
                        + " and never applied; rename the class and its file")
                    .formatted(Migration.class.getSimpleName());
        Path file = dir.resolve(simple + ".java");
        skipped.add(
            files.contains(file)
                ? new SkippedMigration(file.toString(), "class " + name + ": " + reason)
                : new SkippedMigration(name, reason));
      }
    }
    return new Compiled(List.copyOf(types), List.copyOf(skipped));
  }

  private static MigrationCompileException compileError(
      Path dir, List<Diagnostic<? extends JavaFileObject>> all) {
    List<Diagnostic<? extends JavaFileObject>> errors =
        all.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
    List<String> lines =
        errors.stream()
            .map(
                d ->
                    fileName(d) + ":" + d.getLineNumber() + ": error: " + d.getMessage(Locale.ROOT))
            .toList();
    if (errors.isEmpty()) {
      return new MigrationCompileException(
          "Cannot compile migrations in " + dir + ": the compiler failed", lines);
    }
    Diagnostic<? extends JavaFileObject> first = errors.get(0);
    return new MigrationCompileException(
        "Cannot compile migration %s:%s: %s"
            .formatted(
                dir.resolve(fileName(first)),
                first.getLineNumber(),
                first.getMessage(Locale.ROOT).lines().findFirst().orElse("")),
        lines);
  }

  private static String fileName(Diagnostic<? extends JavaFileObject> d) {
    if (d.getSource() == null) {
      return "?";
    }
    String path = d.getSource().toUri().getPath();
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * The JVM's class path, the class path of the parent loader when it is a URL class loader, the
   * jars holding this library and Iceberg, and the extra entries.
   */
  private String classPath() {
    Set<String> entries =
        new LinkedHashSet<>(
            List.of(System.getProperty("java.class.path", "").split(File.pathSeparator)));
    entries.removeIf(String::isBlank);
    for (ClassLoader l = parent; l != null; l = l.getParent()) {
      if (l instanceof URLClassLoader urls) {
        for (URL url : urls.getURLs()) {
          addUrl(entries, url);
        }
      }
    }
    for (Class<?> type : List.of(Migration.class, org.apache.iceberg.Schema.class)) {
      CodeSource source = type.getProtectionDomain().getCodeSource();
      if (source != null && source.getLocation() != null) {
        addUrl(entries, source.getLocation());
      }
    }
    extraClassPath.forEach(p -> entries.add(p.toAbsolutePath().toString()));
    return String.join(File.pathSeparator, entries);
  }

  private static void addUrl(Set<String> entries, URL url) {
    try {
      if ("file".equals(url.getProtocol())) {
        entries.add(Path.of(url.toURI()).toString());
      }
    } catch (URISyntaxException | IllegalArgumentException e) {
      LOG.debug("Skipping class path entry {}: {}", url, e.toString());
    }
  }

  /** A file manager that keeps compiled classes in {@code classes} instead of class files. */
  private static JavaFileManager inMemory(
      StandardJavaFileManager standard, Map<String, byte[]> classes) {
    return new ForwardingJavaFileManager<>(standard) {
      @Override
      public JavaFileObject getJavaFileForOutput(
          Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
        return new SimpleJavaFileObject(
            URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
          @Override
          public OutputStream openOutputStream() {
            return new ByteArrayOutputStream() {
              @Override
              public void close() {
                classes.put(className, toByteArray());
              }
            };
          }
        };
      }
    };
  }

  /** Defines the compiled classes and serves their bytes as resources (for checksums). */
  private static final class MemoryClassLoader extends ClassLoader {
    private final Map<String, byte[]> classes;

    MemoryClassLoader(ClassLoader parent, Map<String, byte[]> classes) {
      super("iceberg-ops-migrations", parent);
      this.classes = Map.copyOf(classes);
    }

    List<String> classNames() {
      return classes.keySet().stream().sorted().toList();
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      byte[] bytes = classes.get(name);
      if (bytes == null) {
        throw new ClassNotFoundException(name);
      }
      return defineClass(name, bytes, 0, bytes.length);
    }

    @Override
    public InputStream getResourceAsStream(String name) {
      if (name.endsWith(".class")) {
        byte[] bytes = classes.get(name.substring(0, name.length() - 6).replace('/', '.'));
        if (bytes != null) {
          return new ByteArrayInputStream(bytes);
        }
      }
      return super.getResourceAsStream(name);
    }
  }
}
