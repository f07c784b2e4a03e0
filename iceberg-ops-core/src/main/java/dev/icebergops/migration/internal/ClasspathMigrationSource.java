package dev.icebergops.migration.internal;

import static java.util.stream.Collectors.toSet;

import dev.icebergops.internal.Quoting;
import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.MigrationSet;
import dev.icebergops.migration.MigrationSource;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.SkippedMigration;
import io.github.classgraph.Resource;
import io.github.classgraph.ScanResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Migrations in a package on the class path, found with ClassGraph. A scan reads the class path's
 * every jar and directory listing, so each source scans once, listing the resources of the
 * location's parent package: the location's classes and the near packages' ({@link
 * NearbyMigrations}) at once. Only the classes named like migrations are loaded, without running
 * their static initializers. The source keeps the migration classes it found (a JVM's class path
 * and its loaded classes do not change); every {@link #resolve} still creates fresh instances and
 * checks the set's rules. A scan that fails is not kept.
 */
public final class ClasspathMigrationSource implements MigrationSource {

  private static final Logger LOG = LoggerFactory.getLogger(ClasspathMigrationSource.class);
  private static final String PREFIX = "classpath:";
  private static final int MAX_LOCATION = 1000;

  private final String packageName;
  private final ClassLoader classLoader;

  /** The packages under the location that hold classes, once scanned. */
  private volatile Set<String> packages;

  /** The migration classes near the location, once scanned. */
  private List<SkippedMigration> nearby;

  /** The migration classes of each package chosen so far. */
  private final Map<String, List<Class<? extends Migration>>> typesByPackage =
      new ConcurrentHashMap<>();

  public ClasspathMigrationSource(String location, ClassLoader classLoader) {
    this.packageName = packageOf(location);
    this.classLoader = classLoader;
    NearbyMigrations.configured(packageName);
  }

  /**
   * The package a location names. Only a real package is accepted: an empty one, {@code ..} or any
   * other text that is not a dotted list of Java identifiers would scan the whole class path.
   */
  public static String packageOf(String location) {
    if (location == null || location.isBlank()) {
      throw new IllegalArgumentException("Cannot use migration location: it is empty");
    }
    if (location.length() > MAX_LOCATION) {
      throw new IllegalArgumentException(
          "Cannot use migration location %s: longer than %s characters"
              .formatted(Quoting.quote(location), MAX_LOCATION));
    }
    // one leading and one trailing slash dropped
    String name = location.replaceFirst("^" + PREFIX, "").replaceAll("^/|/$", "").replace('/', '.');
    if (!isPackageName(name)) {
      throw new IllegalArgumentException(
          "Cannot use migration location "
              + Quoting.quote(location)
              + ": it must name a package, such as classpath:com/acme/db/iceberg or"
              + " com.acme.db.iceberg; an empty package or '..' would scan the whole class path");
    }
    return name;
  }

  private static boolean isPackageName(String name) {
    return !name.isEmpty()
        && Arrays.stream(name.split("\\.", -1))
            .allMatch(
                segment ->
                    !segment.isEmpty()
                        && Character.isJavaIdentifierStart(segment.codePointAt(0))
                        && segment.codePoints().allMatch(Character::isJavaIdentifierPart)
                        && segment.codePoints().noneMatch(Character::isIdentifierIgnorable));
  }

  @Override
  public String location() {
    return PREFIX + packageName.replace('.', '/');
  }

  @Override
  public List<ResolvedMigration> resolve(String namespace, MigrationFactory factory) {
    Set<String> scanned = packages;
    List<Class<? extends Migration>> types =
        scanned == null ? null : typesByPackage.get(choosePackage(scanned, namespace));
    if (types == null) {
      types = scan(namespace);
    }
    nearby(); // reported even when the set breaks a rule
    return MigrationSet.resolve(types, factory, location());
  }

  @Override
  public List<SkippedMigration> skipped(String namespace) {
    return nearby();
  }

  /** The migration classes near the location, found and logged once. */
  private synchronized List<SkippedMigration> nearby() {
    if (nearby == null) {
      try (ScanResult scan = scanRoot()) {
        nearby(scan);
      }
    }
    return nearby;
  }

  private synchronized void nearby(ScanResult scan) {
    if (nearby == null) {
      nearby = NearbyMigrations.find(scan, packageName, classLoader, location());
      nearby.forEach(s -> LOG.warn("Skipping {}: {}", s.name(), s.reason()));
    }
  }

  /**
   * Lists the resources of the location's parent package, which holds the near packages too (of the
   * location itself when it has no parent): one scan, no class file read.
   */
  private ScanResult scanRoot() {
    int dot = packageName.lastIndexOf('.');
    String root = dot < 0 ? packageName : packageName.substring(0, dot);
    return NearbyMigrations.graph(classLoader).acceptPackages(root).scan();
  }

  private List<Class<? extends Migration>> scan(String namespace) {
    try (ScanResult scan = scanRoot()) {
      nearby(scan);
      String prefix = packageName.replace('.', '/') + "/";
      List<String> classes = new ArrayList<>();
      boolean found = false;
      for (Resource resource : scan.getAllResources()) {
        String path = resource.getPath();
        found |= path.startsWith(prefix);
        if (path.startsWith(prefix) && path.endsWith(".class") && !path.contains("$")) {
          classes.add(path.substring(0, path.length() - ".class".length()).replace('/', '.'));
        }
      }
      if (!found) {
        throw new IllegalArgumentException(
            "Cannot find migrations at " + location() + ": no such package on the class path");
      }
      Set<String> packagesFound =
          classes.stream().map(ClasspathMigrationSource::packageOfClass).collect(toSet());
      String chosen = choosePackage(packagesFound, namespace);
      List<Class<? extends Migration>> types = new ArrayList<>();
      for (String name : new TreeSet<>(classes)) {
        Class<? extends Migration> type = packageOfClass(name).equals(chosen) ? load(name) : null;
        if (type != null) {
          refuseShadowed(scan, name);
          types.add(type);
        }
      }
      LOG.debug("Found {} migration classes in {}", types.size(), chosen);
      typesByPackage.put(chosen, List.copyOf(types));
      packages = packagesFound;
      return types;
    }
  }

  private static String packageOfClass(String name) {
    return name.substring(0, name.lastIndexOf('.'));
  }

  /** The namespace's subpackage when it holds classes, otherwise the location itself. */
  private String choosePackage(Set<String> found, String namespace) {
    if (namespace != null && !namespace.isBlank()) {
      String sub = packageName + "." + namespace;
      if (found.contains(sub)) {
        return sub;
      }
    }
    return packageName;
  }

  /**
   * Refuses a migration class that two class-path roots hold with different bytes: the class loader
   * would silently run the first one. Identical copies (a jar listed twice) are harmless.
   */
  private static void refuseShadowed(ScanResult scan, String name) {
    List<Resource> copies = scan.getResourcesWithPath(name.replace('.', '/') + ".class");
    for (Resource copy : copies.subList(Math.min(1, copies.size()), copies.size())) {
      if (!Arrays.equals(bytes(copies.get(0)), bytes(copy))) {
        throw new IllegalArgumentException(
            ("Cannot load migration %s: two class-path roots hold different classes of that name,"
                    + " %s and %s; only the first would run")
                .formatted(
                    name, copies.get(0).getClasspathElementURI(), copy.getClasspathElementURI()));
      }
    }
  }

  private static byte[] bytes(Resource resource) {
    try (resource) {
      return resource.load();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + resource.getURI(), e);
    }
  }

  /**
   * The class of a top-level class named like a migration, loaded without running its static
   * initializer, when it is a concrete {@link Migration}; null for a class of another name, and for
   * one named like a migration that is not one (with a warning).
   *
   * @throws IllegalArgumentException for a concrete migration whose name breaks the rule
   */
  private Class<? extends Migration> load(String name) {
    String simpleName = name.substring(name.lastIndexOf('.') + 1);
    if (!MigrationName.looksLikeMigration(simpleName)) {
      return null;
    }
    Class<?> type = loadClass(name);
    boolean migration = Migration.class.isAssignableFrom(type);
    boolean concrete = !type.isInterface() && !Modifier.isAbstract(type.getModifiers());
    if (MigrationName.parse(simpleName) != null) {
      if (migration && concrete) {
        return type.asSubclass(Migration.class);
      }
      LOG.warn(
          "Skipping {}: it is named like a migration but is not a concrete {}",
          name,
          Migration.class.getSimpleName());
      return null;
    }
    if (migration && concrete) {
      throw new IllegalArgumentException(
          "Cannot load migration "
              + name
              + (simpleName.startsWith("B")
                  ? ": a baseline's class name must be B<NNNN>__<Description>, for example"
                      + " B0250__Baseline"
                  : ": the class name must be V<NNNN>__<Description>, for example"
                      + " V0001__CreateOrders"));
    }
    return null;
  }

  private Class<?> loadClass(String name) {
    ClassLoader loader =
        classLoader != null ? classLoader : Thread.currentThread().getContextClassLoader();
    try {
      return Class.forName(
          name, false, loader != null ? loader : ClasspathMigrationSource.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException("Cannot load migration " + name + ": " + e, e);
    }
  }

  @Override
  public String toString() {
    return location();
  }
}
