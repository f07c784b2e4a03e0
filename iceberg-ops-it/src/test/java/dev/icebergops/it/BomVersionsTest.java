package dev.icebergops.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;

/**
 * The BOM has no parent (a user importing it gets nothing but its pins), so it repeats the root
 * pom's versions and the way the root pom takes the artifacts of a data migration: these tests keep
 * the two in step.
 */
class BomVersionsTest {

  /** What the README's snippet declares, without versions, for data migrations writing Parquet. */
  static final List<String> DATA_MIGRATION_ARTIFACTS =
      List.of(
          "org.apache.iceberg:iceberg-parquet",
          "org.apache.parquet:parquet-column",
          "org.apache.iceberg:iceberg-orc",
          "org.apache.hadoop:hadoop-common",
          "org.apache.hadoop:hadoop-mapreduce-client-core",
          "org.apache.hadoop.thirdparty:hadoop-shaded-guava",
          "org.apache.commons:commons-collections4",
          "com.fasterxml.woodstox:woodstox-core");

  private static final Path ROOT_POM = Path.of("..", "pom.xml");
  private static final Path BOM_POM = Path.of("..", "iceberg-ops-bom", "pom.xml");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "iceberg.version",
        "awssdk.version",
        "jetty.version",
        "parquet.version",
        "hadoop.version",
        "hadoop-thirdparty.version",
        "commons-collections4.version",
        "woodstox.version",
        "commons-lang3.version"
      })
  void bomPinsTheVersionTheBuildUses(String property) throws Exception {
    assertThat(XmlElements.text(properties(BOM_POM), property))
        .as("%s in %s", property, BOM_POM)
        .isEqualTo(XmlElements.text(properties(ROOT_POM), property));
  }

  @Test
  void bomHasTheProjectVersion() throws Exception {
    assertThat(XmlElements.text(XmlElements.root(BOM_POM), "version"))
        .as("version of %s", BOM_POM)
        .isEqualTo(XmlElements.text(XmlElements.root(ROOT_POM), "version"));
  }

  /** Iceberg's artifacts through iceberg-bom, the others as the root pom manages them. */
  @ParameterizedTest
  @FieldSource("DATA_MIGRATION_ARTIFACTS")
  void bomManagesWhatADataMigrationNeedsAsTheBuildDoes(String artifact) throws Exception {
    Map<String, Element> bom = managed(BOM_POM);
    Map<String, Element> root = managed(ROOT_POM);
    if (artifact.startsWith("org.apache.iceberg:")) {
      assertThat(bom)
          .as("the imports of %s", BOM_POM)
          .containsKey("org.apache.iceberg:iceberg-bom");
      return;
    }
    assertThat(bom).as("the dependencyManagement of %s", BOM_POM).containsKey(artifact);
    assertThat(root).as("the dependencyManagement of %s", ROOT_POM).containsKey(artifact);
    assertThat(bom.get(artifact).getTextContent().replaceAll("\\s+", " ").trim())
        .as("%s's version and exclusions in %s, as %s has them", artifact, BOM_POM, ROOT_POM)
        .isEqualTo(root.get(artifact).getTextContent().replaceAll("\\s+", " ").trim());
  }

  private static Element properties(Path pom) throws Exception {
    return XmlElements.child(XmlElements.root(pom), "properties");
  }

  private static Map<String, Element> managed(Path pom) throws Exception {
    return XmlElements.dependencies(XmlElements.root(pom), "dependencyManagement", "dependencies")
        .stream()
        .collect(
            Collectors.toMap(
                XmlElements::coordinates, Function.identity(), (first, second) -> first));
  }
}
