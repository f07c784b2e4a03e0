package dev.icebergops.migration.internal;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.SkippedMigration;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.Resource;
import io.github.classgraph.ScanResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Migration classes just outside a class path location, most likely put in the wrong package: a
 * class named {@code V<NNNN>__<Description>} (or {@code B<NNNN>__}) that is a concrete {@link
 * Migration}, in a package near the location {@code p.q.last}:
 *
 * <ul>
 *   <li>the parent package {@code p.q} itself, or
 *   <li>a sibling {@code p.q.other} whose last segment is at most two edits (insert, delete,
 *       replace, or swap two neighbours) from {@code last} and fewer than half its length, so that
 *       {@code icebreg} and {@code iceburg} are near {@code iceberg}, while {@code us} is not near
 *       {@code eu}, nor {@code audit} near {@code gate}.
 * </ul>
 *
 * <p>The location's own subpackages (the namespaces' migrations) are not near, and a one-segment
 * location has no near package (its parent would be the whole class path). Nor is a package that is
 * itself a location of a source made in this JVM, or that holds a whole chain of its own (versions
 * without a gap from 0001 or from one of its baselines): another set, not a typo. The packages are
 * listed from the source's one ClassGraph resource scan of the parent package, and only the
 * candidates' class files are read, with a second scan; no class is loaded.
 */
public final class NearbyMigrations {

  private static final int MAX_EDITS = 2;

  /** The packages of every class path location configured in this JVM. */
  private static final Set<String> LOCATIONS = ConcurrentHashMap.newKeySet();

  private NearbyMigrations() {}

  /** Records a configured location's package: its migrations are never reported as near. */
  static void configured(String packageName) {
    LOCATIONS.add(packageName);
  }

  /**
   * The migration classes near a package, each with the reason it was left out.
   *
   * @param parentScan a listing of the resources of the package's parent package
   * @param packageName the configured package
   * @param classLoader the loader to scan, or null for ClassGraph's default
   * @param location the configured location, for the reason
   */
  static List<SkippedMigration> find(
      ScanResult parentScan, String packageName, ClassLoader classLoader, String location) {
    int dot = packageName.lastIndexOf('.');
    if (dot < 0) {
      return List.of();
    }
    String parent = packageName.substring(0, dot);
    String last = packageName.substring(dot + 1);
    Map<String, List<String>> nearPackages = candidates(parentScan, parent, last);
    Set<String> chains = wholeChains(nearPackages);
    List<String> near = new ArrayList<>();
    nearPackages.forEach(
        (pkg, names) -> {
          if (!chains.contains(pkg)) {
            near.addAll(names);
          }
        });
    if (near.isEmpty()) {
      return List.of();
    }
    List<SkippedMigration> skipped = new ArrayList<>();
    try (ScanResult scan =
        graph(classLoader).enableClassInfo().acceptClasses(near.toArray(String[]::new)).scan()) {
      for (ClassInfo info : scan.getAllClasses()) {
        if (near.contains(info.getName())
            && info.implementsInterface(Migration.class.getName())
            && !info.isAbstract()
            && !info.isInterface()) {
          skipped.add(new SkippedMigration(info.getName(), reason(info, location)));
        }
      }
    }
    skipped.sort(Comparator.comparing(SkippedMigration::name));
    return List.copyOf(skipped);
  }

  /** A ClassGraph over {@code classLoader}, or over ClassGraph's default loaders when null. */
  static ClassGraph graph(ClassLoader classLoader) {
    ClassGraph graph = new ClassGraph();
    return classLoader == null ? graph : graph.overrideClassLoaders(classLoader);
  }

  /**
   * The top-level classes named like migrations directly in the parent package or in a direct
   * subpackage whose name is near {@code last}, by package; neither the configured package nor
   * another configured location. Only the names in such packages are parsed.
   */
  private static Map<String, List<String>> candidates(ScanResult scan, String parent, String last) {
    Map<String, Boolean> nearByName = new HashMap<>();
    Map<String, List<String>> names = new TreeMap<>();
    for (Resource resource : scan.getAllResources()) {
      String path = resource.getPath();
      if (!path.endsWith(".class") || path.contains("$")) {
        continue;
      }
      String name = path.substring(0, path.length() - ".class".length()).replace('/', '.');
      int dot = name.lastIndexOf('.');
      String pkg = name.substring(0, dot);
      boolean near =
          nearByName.computeIfAbsent(
              pkg,
              p ->
                  !LOCATIONS.contains(p)
                      && (p.equals(parent)
                          || p.lastIndexOf('.') == parent.length()
                              && p.startsWith(parent)
                              && isNearName(p.substring(parent.length() + 1), last)));
      if (near && MigrationName.parse(name.substring(dot + 1)) != null) {
        names.computeIfAbsent(pkg, p -> new ArrayList<>()).add(name);
      }
    }
    return names;
  }

  /** The packages whose versions run without a gap from 0001 or from one of their baselines. */
  private static Set<String> wholeChains(Map<String, List<String>> candidates) {
    Set<String> whole = new HashSet<>();
    candidates.forEach(
        (pkg, names) -> {
          TreeSet<Integer> versions = new TreeSet<>();
          Set<Integer> baselines = new HashSet<>();
          for (String name : names) {
            MigrationName parsed = MigrationName.parse(name.substring(pkg.length() + 1));
            (parsed.baseline() ? baselines : versions).add(Integer.parseInt(parsed.version()));
          }
          boolean start =
              !versions.isEmpty()
                  && (versions.first() == 1 || baselines.contains(versions.first()));
          if (start && versions.last() - versions.first() + 1 == versions.size()) {
            whole.add(pkg);
          }
        });
    return whole;
  }

  private static String reason(ClassInfo info, String location) {
    return ("it is a migration, but in package %s, outside the configured location %s; move it"
            + " there, or it is never applied")
        .formatted(info.getPackageName(), location);
  }

  /** At most two edits apart, and fewer edits than half the configured segment's length. */
  public static boolean isNearName(String candidate, String configured) {
    if (candidate.equals(configured)) {
      return false;
    }
    int edits = edits(candidate, configured);
    return edits <= MAX_EDITS && edits * 2 < configured.length();
  }

  /** The optimal string alignment distance: insertions, deletions, replacements, swaps. */
  static int edits(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
