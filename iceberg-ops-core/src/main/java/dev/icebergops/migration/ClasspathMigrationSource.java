package dev.icebergops.migration;

import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.ScanResult;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Migrations in a package on the class path, found with ClassGraph. */
final class ClasspathMigrationSource implements MigrationSource {

  private static final Logger LOG = LoggerFactory.getLogger(ClasspathMigrationSource.class);
  private static final String PREFIX = "classpath:";

  private final String packageName;
  private final ClassLoader classLoader;

  ClasspathMigrationSource(String location, ClassLoader classLoader) {
    if (location == null || location.isBlank()) {
      throw new IllegalArgumentException("Cannot use migration location: it is empty");
    }
    String path = location.startsWith(PREFIX) ? location.substring(PREFIX.length()) : location;
    this.packageName = path.replace('/', '.').replaceAll("^\\.+|\\.+$", "");
    this.classLoader = classLoader;
  }

  @Override
  public String location() {
    return PREFIX + packageName.replace('.', '/');
  }

  @Override
  public List<ResolvedMigration> resolve(String namespace, MigrationFactory factory) {
    ClassGraph graph = new ClassGraph().enableClassInfo().acceptPackages(packageName);
    if (classLoader != null) {
      graph.overrideClassLoaders(classLoader);
    }
    try (ScanResult scan = graph.scan()) {
      if (scan.getAllResources().isEmpty()) {
        throw new IllegalArgumentException(
            "Cannot find migrations at " + location() + ": no such package on the class path");
      }
      String chosen = choosePackage(scan, namespace);
      List<Class<? extends Migration>> types = new ArrayList<>();
      for (ClassInfo info : scan.getAllClasses()) {
        if (info.getPackageName().equals(chosen) && isCandidate(info)) {
          types.add(info.loadClass(Migration.class));
        }
      }
      LOG.debug("Found {} migration classes in {}", types.size(), chosen);
      return MigrationSet.resolve(types, factory, location());
    }
  }

  /** The namespace's subpackage when it holds classes, otherwise the location itself. */
  private String choosePackage(ScanResult scan, String namespace) {
    if (namespace != null && !namespace.isBlank()) {
      String sub = packageName + "." + namespace;
      boolean exists =
          scan.getAllClasses().stream().anyMatch(info -> info.getPackageName().equals(sub));
      if (exists) {
        return sub;
      }
    }
    return packageName;
  }

  private static boolean isCandidate(ClassInfo info) {
    if (info.isInnerClass() || info.isAnonymousInnerClass()) {
      return false;
    }
    String name = info.getSimpleName();
    boolean migration = info.implementsInterface(Migration.class.getName());
    boolean concrete = !info.isAbstract() && !info.isInterface();
    if (MigrationName.parse(name) != null) {
      if (!migration || !concrete) {
        LOG.warn(
            "Skipping {}: it is named like a migration but is not a concrete {}",
            info.getName(),
            Migration.class.getSimpleName());
        return false;
      }
      return true;
    }
    if (migration && concrete && MigrationName.looksLikeMigration(name)) {
      throw new IllegalArgumentException(
          "Cannot load migration "
              + info.getName()
              + ": the class name must be V<NNNN>__<Description>, for example"
              + " V0001__CreateOrders");
    }
    return false;
  }

  @Override
  public String toString() {
    return location();
  }
}
