package dev.icebergops.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.freeze.FreezingArchRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The boundaries of every published module, over their main classes: no module uses another's
 * internal packages (the qualified exports aside), no dependency cycle between the classes of a
 * package, no internal type in an API signature, one package per jar, a module name in every jar;
 * and the core's own layering. Run with {@code mvn -pl iceberg-ops-architecture -am verify}.
 */
class ArchitectureTest {

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.icebergops");

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
  void theRulesSeeEveryPublishedModule() {
    Set<String> seen = new TreeSet<>();
    MAIN.forEach(type -> seen.add(Modules.moduleOf(type)));
    Set<String> published = new TreeSet<>(Modules.published());
    published.removeIf(name -> name.endsWith("-bom"));
    assertThat(seen).as("modules whose classes the rules read").containsAll(published);
  }

  @Test
  void noModuleUsesAnotherModulesInternalPackages() {
    classes().should(useNoOtherModulesInternals()).check(MAIN);
  }

  @Test
  void noDependencyCycleBetweenTheClassesOfAPackage() {
    ArchRule rule = classes().should(new PackageCycles());
    FreezingArchRule.freeze(rule).check(MAIN);
  }

  @Test
  void noApiSignatureMentionsAnInternalType() {
    classes().that(areExposedApiTypes()).should(mentionNoInternalTypes()).check(MAIN);
  }

  @Test
  void noPackageIsSplitOverJars() {
    Map<String, Set<String>> jarsOf = new TreeMap<>();
    MAIN.forEach(
        type ->
            jarsOf
                .computeIfAbsent(type.getPackageName(), k -> new TreeSet<>())
                .add(Modules.location(type)));
    jarsOf.values().removeIf(jars -> jars.size() == 1);
    assertThat(jarsOf).as("packages whose classes come from more than one jar").isEmpty();
  }

  @Test
  void everyPublishedJarNamesItsModule() throws IOException {
    Map<String, String> locations = new TreeMap<>();
    MAIN.forEach(type -> locations.put(Modules.moduleOf(type), Modules.location(type)));
    Map<String, String> names = new TreeMap<>();
    for (String module : Modules.published()) {
      if (!module.endsWith("-bom")) {
        names.put(module, moduleName(module, locations.get(module)));
      }
    }
    assertThat(names)
        .as("Automatic-Module-Name of each published jar")
        .allSatisfy(
            (module, name) ->
                assertThat(name).as(module).matches("dev\\.icebergops(\\.[a-z][a-z0-9]*)+"));
    assertThat(new TreeSet<>(names.values())).as("distinct module names").hasSize(names.size());
  }

  @Test
  void theCoreApiPackagesAreThoseTheArchitecturePageListsAndTheirPackageInfoSays() {
    CorePackages core = CorePackages.read();
    assertThat(core.declared().keySet())
        .as("packages of the core, each with a package-info.java saying API or internal")
        .isEqualTo(core.withClasses());
    assertThat(core.api()).isEqualTo(CorePackages.documented("### API packages"));
    assertThat(core.internal()).isEqualTo(CorePackages.documented("### Internal packages"));
    core.internal().forEach(name -> assertThat(Modules.isInternal(name)).as(name).isTrue());
  }

  @Test
  void migrationHistoryOffersOnlyReads() {
    Set<String> offered = new TreeSet<>();
    for (JavaMethod method : MAIN.get("dev.icebergops.history.MigrationHistory").getMethods()) {
      Set<JavaModifier> modifiers = method.getModifiers();
      if (modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED)) {
        offered.add(method.getName());
      }
    }
    assertThat(offered).isNotEmpty().isSubsetOf(HISTORY_READS);
  }

  @Test
  void onlyTheHistoryAndTheRunnerUseTheHistoryWritePath() {
    classes()
        .that()
        .resideInAPackage("dev.icebergops.history.internal..")
        .should()
        .onlyHaveDependentClassesThat()
        .resideInAnyPackage("dev.icebergops.history..", "dev.icebergops.runner..")
        .check(MAIN);
  }

  @Test
  void onlyTheRunnerWritesTheHistory() {
    classes()
        .that()
        .haveFullyQualifiedName("dev.icebergops.history.internal.HistoryWriter")
        .should()
        .onlyHaveDependentClassesThat()
        .resideInAnyPackage(
            "dev.icebergops.history.internal", "dev.icebergops.runner", "dev.icebergops.runner.spi")
        .check(MAIN);
  }

  @Test
  void historyDoesNotDependOnTheRunner() {
    noClasses()
        .that()
        .resideInAPackage("dev.icebergops.history")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.icebergops.runner")
        .check(MAIN);
  }

  @Test
  void migrationDoesNotDependOnTheRunnerOrTheHistory() {
    noClasses()
        .that()
        .resideInAPackage("dev.icebergops.migration")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.icebergops.runner", "dev.icebergops.history")
        .check(MAIN);
  }

  /** The Automatic-Module-Name of a jar's manifest, or the module's property before packaging. */
  private static String moduleName(String module, String location) throws IOException {
    assertThat(location).as("where the classes of %s come from", module).isNotNull();
    if (location.endsWith(".jar")) {
      try (JarFile jar = new JarFile(Path.of(java.net.URI.create(location)).toFile())) {
        return jar.getManifest().getMainAttributes().getValue("Automatic-Module-Name");
      }
    }
    Path pom = Path.of(java.net.URI.create(location)).getParent().getParent().resolve("pom.xml");
    String text = Modules.read(pom);
    String open = "<iceberg-ops.module-name>";
    int start = text.indexOf(open);
    return start < 0 ? null : text.substring(start + open.length(), text.indexOf('<', start + 1));
  }

  static ArchCondition<JavaClass> useNoOtherModulesInternals() {
    return new ArchCondition<>("use no other module's internal package (qualified exports aside)") {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        String from = Modules.moduleOf(item);
        for (Dependency dependency : item.getDirectDependenciesFromSelf()) {
          JavaClass target = dependency.getTargetClass().getBaseComponentType();
          String targetPackage = target.getPackageName();
          if (!targetPackage.startsWith("dev.icebergops.")
              || !Modules.isInternal(targetPackage)
              || target.getSource().isEmpty()) {
            continue;
          }
          String to = Modules.moduleOf(target);
          if (!to.equals(from) && !from.equals(Modules.QUALIFIED_EXPORTS.get(targetPackage))) {
            events.add(
                SimpleConditionEvent.violated(
                    item,
                    from
                        + " uses "
                        + to
                        + "'s internal package "
                        + targetPackage
                        + ": "
                        + dependency.getDescription()));
          }
        }
      }
    };
  }

  static DescribedPredicate<JavaClass> areExposedApiTypes() {
    return DescribedPredicate.describe(
        "are public types of API packages",
        type -> !Modules.isInternal(type.getPackageName()) && Signatures.isExposed(type));
  }

  static ArchCondition<JavaClass> mentionNoInternalTypes() {
    return new ArchCondition<>("mention no internal type in their public signatures") {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        for (String leak : Signatures.internalTypesIn(item)) {
          events.add(SimpleConditionEvent.violated(item, leak));
        }
      }
    };
  }
}
