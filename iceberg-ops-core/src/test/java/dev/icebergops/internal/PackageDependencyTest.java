package dev.icebergops.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.ScanResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The library's packages depend on each other in one direction only. */
class PackageDependencyTest {

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
