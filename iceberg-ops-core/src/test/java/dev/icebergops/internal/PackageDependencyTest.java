package dev.icebergops.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.history.MigrationHistory;
import dev.icebergops.history.internal.HistoryWriter;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.ScanResult;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library's packages depend on each other in one direction only, and its API boundary holds:
 * the API packages are those {@code docs/architecture.md} lists and their {@code package-info}
 * says; no public signature of an API type mentions an internal type; the history is written only
 * through the runner.
 */
class PackageDependencyTest {

  private static final Path SOURCES = Path.of("src", "main", "java");
  private static final Path ARCHITECTURE = Path.of("..", "docs", "architecture.md");

  /** What {@code MigrationHistory} offers publicly: reads only. */
  private static final Set<String> HISTORY_READS =
      Set.of(
          "tableIdentifier",
          "load",
          "read",
          "readAll",
          "deletedRows",
          "lease",
          "leaseMark",
          "leaseTag",
          "namespacesWrittenSince");

  @Test
  void theApiPackagesAreThoseTheArchitecturePageListsAndTheirPackageInfoSays() throws IOException {
    Map<String, Boolean> declared = declaredPackages();

    Set<String> packages = new TreeSet<>(declared.keySet());
    assertThat(packages)
        .as("packages of the core, each with a package-info.java saying API or internal")
        .isEqualTo(javaPackages());
    assertThat(apiPackages(declared)).isEqualTo(documented("### API packages"));
    Set<String> internal = new TreeSet<>(declared.keySet());
    internal.removeAll(apiPackages(declared));
    assertThat(internal).isEqualTo(documented("### Internal packages"));
  }

  @Test
  void noPublicSignatureOfAnApiTypeMentionsAnInternalType() throws IOException {
    Map<String, Boolean> declared = declaredPackages();
    Set<String> api = apiPackages(declared);
    Set<String> internal = new TreeSet<>(declared.keySet());
    internal.removeAll(api);
    List<String> leaks = new ArrayList<>();
    try (ScanResult scan =
        new ClassGraph().enableClassInfo().acceptPackages("dev.icebergops").scan()) {
      for (ClassInfo info : scan.getAllClasses()) {
        if (isTestClass(info) || !api.contains(info.getPackageName())) {
          continue;
        }
        Class<?> type = info.loadClass();
        if (isExposed(type)) {
          leaks.addAll(InternalTypes.in(type, internal));
        }
      }
    }
    assertThat(leaks).as("public signatures of API types that mention internal types").isEmpty();
  }

  @Test
  void theSignatureCheckSeesAnInternalTypeInAPublicSignature() {
    assertThat(
            InternalTypes.in(
                dev.icebergops.migration.internal.CatalogMigrationContext.class,
                Set.of("dev.icebergops.migration.internal")))
        .contains(
            "dev.icebergops.migration.internal.CatalogMigrationContext.<init> ->"
                + " dev.icebergops.migration.internal.StepListener");
  }

  @Test
  void migrationHistoryOffersOnlyReads() {
    Set<String> offered = new TreeSet<>();
    for (Method method : MigrationHistory.class.getDeclaredMethods()) {
      if (Modifier.isPublic(method.getModifiers()) || Modifier.isProtected(method.getModifiers())) {
        offered.add(method.getName());
      }
    }
    assertThat(offered).isNotEmpty().isSubsetOf(HISTORY_READS);
  }

  @Test
  void onlyTheRunnerUsesTheHistoryWritePath() {
    Set<String> writers = new TreeSet<>();
    try (ScanResult scan =
        new ClassGraph()
            .enableInterClassDependencies()
            .enableExternalClasses()
            .acceptPackages("dev.icebergops")
            .scan()) {
      for (ClassInfo from : scan.getAllClasses()) {
        if (from.isExternalClass() || isTestClass(from)) {
          continue;
        }
        for (ClassInfo to : from.getClassDependencies()) {
          if (to.getName().startsWith(HistoryWriter.class.getName())
              && !from.getPackageName().equals(HistoryWriter.class.getPackageName())) {
            writers.add(from.getPackageName());
          }
        }
      }
    }
    assertThat(writers)
        .as("packages that use the history's write path")
        .containsExactly("dev.icebergops.runner");
  }

  @Test
  void theCoreJarNamesItsModule() throws IOException {
    String pom = Files.readString(Path.of("pom.xml"));
    assertThat(pom).contains("<Automatic-Module-Name>dev.icebergops.core</Automatic-Module-Name>");
  }

  @Test
  void theCheckSeesDependenciesThatExist() {
    assertThat(dependencies("dev.icebergops.runner", "dev.icebergops.history")).isNotEmpty();
  }

  @Test
  void historyDoesNotDependOnTheRunner() {
    assertThat(dependencies("dev.icebergops.history", "dev.icebergops.runner"))
        .as("classes of dev.icebergops.history that use dev.icebergops.runner")
        .isEmpty();
  }

  @Test
  void migrationDoesNotDependOnTheRunnerOrTheHistory() {
    assertThat(dependencies("dev.icebergops.migration", "dev.icebergops.runner"))
        .as("classes of dev.icebergops.migration that use dev.icebergops.runner")
        .isEmpty();
    assertThat(dependencies("dev.icebergops.migration", "dev.icebergops.history"))
        .as("classes of dev.icebergops.migration that use dev.icebergops.history")
        .isEmpty();
  }

  /** Each package of the core's sources, and whether its package-info says it is API. */
  private static Map<String, Boolean> declaredPackages() throws IOException {
    Map<String, Boolean> packages = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path info : files.filter(f -> f.endsWith("package-info.java")).toList()) {
        String text = Files.readString(info).replaceAll("\\s*\\n\\s*\\*\\s*", " ");
        String name = packageOf(SOURCES.relativize(info.getParent()));
        boolean internal = text.contains("Internal, not API");
        assertThat(internal || text.contains("API")).as("%s says whether it is API", info).isTrue();
        packages.put(name, !internal);
      }
    }
    return packages;
  }

  /** The packages that hold a class. */
  private static Set<String> javaPackages() throws IOException {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      return files
          .filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java"))
          .map(f -> packageOf(SOURCES.relativize(f.getParent())))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private static String packageOf(Path relative) {
    return relative.toString().replace(relative.getFileSystem().getSeparator(), ".");
  }

  private static Set<String> apiPackages(Map<String, Boolean> declared) {
    Set<String> api = new TreeSet<>();
    declared.forEach(
        (name, isApi) -> {
          if (isApi) {
            api.add(name);
          }
        });
    return api;
  }

  /**
   * The packages listed ({@code - `dev.icebergops...`}) under a heading of the architecture page.
   */
  private static Set<String> documented(String heading) throws IOException {
    List<String> lines = Files.readAllLines(ARCHITECTURE);
    int start = lines.indexOf(heading);
    assertThat(start).as("heading %s in %s", heading, ARCHITECTURE).isNotNegative();
    Set<String> packages = new TreeSet<>();
    for (String line : lines.subList(start + 1, lines.size())) {
      if (line.startsWith("#")) {
        break;
      }
      if (line.startsWith("- `")) {
        packages.add(line.substring(3, line.indexOf('`', 3)));
      }
    }
    return packages;
  }

  /** A public or protected type whose enclosing types are too: part of the API surface. */
  private static boolean isExposed(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getDeclaringClass()) {
      int modifiers = t.getModifiers();
      if (!(Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers))
          || t.isAnonymousClass()
          || t.isLocalClass()
          || t.isSynthetic()) {
        return false;
      }
    }
    return true;
  }

  private static boolean isTestClass(ClassInfo info) {
    return info.getClasspathElementFile().getPath().contains("test-classes");
  }

  /** The dependencies from classes of one package on classes of another, as "from -> to". */
  private static List<String> dependencies(String fromPackage, String toPackage) {
    List<String> found = new ArrayList<>();
    try (ScanResult scan =
        new ClassGraph()
            .enableInterClassDependencies()
            .enableExternalClasses()
            .acceptPackagesNonRecursive(fromPackage)
            .scan()) {
      assertThat(scan.getAllClasses()).as("classes in %s", fromPackage).isNotEmpty();
      for (ClassInfo from : scan.getAllClasses()) {
        if (from.isExternalClass()
            || !from.getPackageName().equals(fromPackage)
            || from.getClasspathElementFile().getPath().contains("test-classes")) {
          continue; // the rule is for the library, not its tests
        }
        for (ClassInfo to : from.getClassDependencies()) {
          if (to.getPackageName().equals(toPackage)) {
            found.add(from.getName() + " -> " + to.getName());
          }
        }
      }
    }
    return found;
  }
}
