package dev.icebergops.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.spark.SparkContext;
import org.junit.jupiter.api.Test;

/**
 * The Spark module's class path holds one Iceberg, the runtime's, and one Jackson, Spark's: the
 * recipe in the module's pom (and docs/data-migrations-at-scale.md) keeps a second copy out.
 */
class DependencyRecipeTest {

  private static final String ICEBERG = "org/apache/iceberg/";

  @Test
  void everyIcebergClassIsOnTheClassPathOnce() throws IOException {
    Map<String, List<String>> owners = new TreeMap<>();
    for (String element : classPath()) {
      for (String entry : classEntries(Path.of(element))) {
        if (entry.startsWith(ICEBERG)) {
          owners.computeIfAbsent(entry, e -> new ArrayList<>()).add(element);
        }
      }
    }
    Map<String, List<String>> duplicates = new TreeMap<>();
    owners.forEach(
        (entry, elements) -> {
          if (elements.size() > 1) {
            duplicates.put(entry, elements);
          }
        });

    assertThat(owners).as("Iceberg classes on the class path").isNotEmpty();
    assertThat(owners)
        .as("the runtime's Iceberg is on the class path")
        .containsKey("org/apache/iceberg/spark/SparkCatalog.class");
    assertThat(duplicates)
        .as("Iceberg classes found in more than one class path element")
        .isEmpty();
  }

  @Test
  void jacksonIsSparks() throws IOException {
    String declared = sparkJacksonVersion();
    List<String> databindJars =
        classPath().stream()
            .filter(
                element ->
                    Path.of(element).getFileName().toString().startsWith("jackson-databind-"))
            .toList();

    assertThat(new ObjectMapper().version().toString())
        .as("jackson-databind loaded beside Spark")
        .isEqualTo(declared);
    assertThat(databindJars)
        .as("jackson-databind jars on the class path")
        .singleElement()
        .satisfies(jar -> assertThat(jar).endsWith("jackson-databind-" + declared + ".jar"));
  }

  /**
   * The Jackson version Spark declares: {@code fasterxml.jackson.version} in spark-parent's POM,
   * found in the Maven repository beside the spark-core jar on the class path.
   */
  private static String sparkJacksonVersion() throws IOException {
    Path sparkCore =
        Path.of(SparkContext.class.getProtectionDomain().getCodeSource().getLocation().getPath());
    String version = sparkCore.getParent().getFileName().toString();
    String module = sparkCore.getParent().getParent().getFileName().toString(); // spark-core_2.13
    String scala = module.substring(module.indexOf('_'));
    Path parentPom =
        sparkCore
            .getParent()
            .getParent()
            .resolveSibling("spark-parent" + scala)
            .resolve(version)
            .resolve("spark-parent" + scala + "-" + version + ".pom");
    Matcher matcher =
        Pattern.compile("<fasterxml\\.jackson\\.version>([^<]+)<")
            .matcher(Files.readString(parentPom));
    assertThat(matcher.find()).as("fasterxml.jackson.version in " + parentPom).isTrue();
    return matcher.group(1);
  }

  private static List<String> classPath() {
    return List.of(System.getProperty("java.class.path").split(File.pathSeparator));
  }

  private static List<String> classEntries(Path element) throws IOException {
    if (Files.isDirectory(element)) {
      try (Stream<Path> files = Files.walk(element)) {
        return files
            .filter(file -> file.toString().endsWith(".class"))
            .map(file -> element.relativize(file).toString().replace(File.separatorChar, '/'))
            .toList();
      }
    }
    if (!Files.isRegularFile(element) || !element.toString().endsWith(".jar")) {
      return List.of();
    }
    try (ZipFile jar = new ZipFile(element.toFile())) {
      return jar.stream()
          .map(ZipEntry::getName)
          .filter(name -> name.endsWith(".class"))
          .map(name -> name.startsWith("META-INF/versions/") ? stripRelease(name) : name)
          .distinct()
          .toList();
    }
  }

  /** A multi-release entry names the same class as its base entry. */
  private static String stripRelease(String name) {
    String rest = name.substring("META-INF/versions/".length());
    return rest.substring(rest.indexOf('/') + 1);
  }
}
