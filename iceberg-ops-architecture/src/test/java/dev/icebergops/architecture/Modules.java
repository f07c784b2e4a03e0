package dev.icebergops.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which published module a class comes from, and which packages are internal: what the rules of
 * {@link ArchitectureTest} are written in.
 */
final class Modules {

  /** The repository's root, this module's parent directory. */
  static final Path ROOT = Path.of("..");

  /**
   * The qualified exports: internal packages of the core that one other module may use, like {@code
   * exports X to Y} in a module-info.
   */
  static final Map<String, String> QUALIFIED_EXPORTS =
      Map.of(
          "dev.icebergops.state", "iceberg-ops-test",
          "dev.icebergops.runner.spi", "iceberg-ops-test");

  private static final Pattern JAR_VERSION = Pattern.compile("-\\d[^/]*\\.jar$");

  private Modules() {}

  /** The published modules: the dev.icebergops artifacts iceberg-ops-bom lists. */
  static Set<String> published() {
    Matcher artifact =
        Pattern.compile("<groupId>dev\\.icebergops</groupId>\\s*<artifactId>([^<]+)</artifactId>")
            .matcher(read(ROOT.resolve("iceberg-ops-bom").resolve("pom.xml")));
    Set<String> modules = new TreeSet<>();
    while (artifact.find()) {
      modules.add(artifact.group(1));
    }
    return modules;
  }

  /**
   * The jar or classes directory a class was read from: a jar once the reactor packaged its module
   * (or from the local repository), its {@code target/classes} before.
   */
  static String location(JavaClass type) {
    String uri = type.getSource().orElseThrow().getUri().toString();
    if (uri.startsWith("jar:")) {
      return uri.substring("jar:".length(), uri.indexOf("!/"));
    }
    return uri.substring(0, uri.indexOf("/target/classes/") + "/target/classes".length());
  }

  /** The artifact id of the module a class comes from. */
  static String moduleOf(JavaClass type) {
    String location = location(type);
    if (location.endsWith(".jar")) {
      String jar = location.substring(location.lastIndexOf('/') + 1);
      return JAR_VERSION.matcher(jar).replaceFirst("");
    }
    String module = location.substring(0, location.length() - "/target/classes".length());
    return module.substring(module.lastIndexOf('/') + 1);
  }

  /**
   * A package private to its module: one with a segment {@code internal}, or a qualified export.
   */
  static boolean isInternal(String packageName) {
    return Arrays.asList(packageName.split("\\.")).contains("internal")
        || QUALIFIED_EXPORTS.containsKey(packageName);
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
