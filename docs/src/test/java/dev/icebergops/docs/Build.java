package dev.icebergops.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What this repository's build consists of, for checking the {@code mvn} commands the pages show:
 * the reactor's modules and every profile id of its poms.
 */
final class Build {

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
  private static final Pattern PROFILE_ID =
      Pattern.compile("<profile>\\s*(?:<!--.*?-->\\s*)*<id>([^<]+)</id>", Pattern.DOTALL);

  final Set<String> modules = new TreeSet<>();
  final Set<String> profiles = new TreeSet<>();
  private final Path root;

  Build(Path root) {
    this.root = root;
    try {
      Matcher module = MODULE.matcher(Files.readString(root.resolve("pom.xml")));
      while (module.find()) {
        modules.add(module.group(1));
      }
      List<Path> poms = new ArrayList<>();
      poms.add(root.resolve("pom.xml"));
      modules.forEach(m -> poms.add(root.resolve(m).resolve("pom.xml")));
      for (Path pom : poms) {
        Matcher id = PROFILE_ID.matcher(Files.readString(pom));
        while (id.find()) {
          profiles.add(id.group(1));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The problems of one {@code mvn} command: a {@code -pl} module or {@code -P} profile that does
   * not exist.
   */
  List<String> problems(List<String> mvn) {
    List<String> problems = new ArrayList<>();
    for (int i = 1; i < mvn.size(); i++) {
      String word = mvn.get(i);
      if ((word.equals("-pl") || word.equals("--projects")) && i + 1 < mvn.size()) {
        for (String module : mvn.get(++i).split(",")) {
          if (!modules.contains(module)) {
            problems.add("module " + module + " is not one of " + modules);
          }
        }
      } else if (word.startsWith("-Dtest=")) {
        for (String selector : word.substring("-Dtest=".length()).split(",")) {
          if (!selectsATestSource(selector)) {
            problems.add("-Dtest selector " + selector + " matches no test source of " + modules);
          }
        }
      } else if (word.startsWith("-P")) {
        String ids = word.length() > 2 ? word.substring(2) : mvn.get(++i);
        for (String profile : ids.split(",")) {
          if (!profiles.contains(profile)) {
            problems.add("profile " + profile + " is not one of " + profiles);
          }
        }
      }
    }
    return problems;
  }

  /**
   * Whether a Surefire selector names a test class ({@code RunnerRaceTest}) or a package pattern
   * ({@code com.acme.sales.**}) that some module's {@code src/test/java} holds.
   */
  private boolean selectsATestSource(String selector) {
    String path = selector.replace("#", " ").split(" ")[0];
    boolean isPackage = path.endsWith(".**") || path.endsWith(".*");
    String name = isPackage ? path.substring(0, path.lastIndexOf('.')) : path;
    for (String module : modules) {
      Path tests = root.resolve(module).resolve("src/test/java");
      if (isPackage && Files.isDirectory(tests.resolve(name.replace('.', '/')))) {
        return true;
      }
      if (!isPackage && Files.isDirectory(tests)) {
        try (Stream<Path> files = Files.walk(tests)) {
          if (files.anyMatch(f -> f.getFileName().toString().equals(name + ".java"))) {
            return true;
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return false;
  }
}
