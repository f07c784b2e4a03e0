package dev.icebergops.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The core's packages as its sources declare them (each package-info says API or internal) and as
 * docs/architecture.md lists them.
 */
record CorePackages(Map<String, Boolean> declared, Set<String> withClasses) {

  private static final Path SOURCES =
      Modules.ROOT.resolve("iceberg-ops-core").resolve("src/main/java");
  private static final Path ARCHITECTURE = Modules.ROOT.resolve("docs").resolve("architecture.md");

  static CorePackages read() {
    Map<String, Boolean> declared = new TreeMap<>();
    Set<String> withClasses = new TreeSet<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = packageOf(file.getParent());
        if (file.endsWith("package-info.java")) {
          String text = Modules.read(file).replaceAll("\\s*\\n\\s*\\*\\s*", " ");
          boolean internal =
              text.contains("Internal, not API") || text.contains("Internal to iceberg-ops");
          assertThat(internal || text.contains("API"))
              .as("%s says whether it is API", file)
              .isTrue();
          declared.put(name, !internal);
        } else {
          withClasses.add(name);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new CorePackages(declared, withClasses);
  }

  Set<String> api() {
    return declared.entrySet().stream()
        .filter(Map.Entry::getValue)
        .map(Map.Entry::getKey)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  Set<String> internal() {
    Set<String> internal = new TreeSet<>(declared.keySet());
    internal.removeAll(api());
    return internal;
  }

  /**
   * The packages listed ({@code - `dev.icebergops...`}) under a heading of the architecture page.
   */
  static Set<String> documented(String heading) {
    List<String> lines = Modules.read(ARCHITECTURE).lines().toList();
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

  private static String packageOf(Path directory) {
    Path relative = SOURCES.relativize(directory);
    return relative.toString().replace(relative.getFileSystem().getSeparator(), ".");
  }
}
