package dev.icebergops.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;

/**
 * The BOM has no parent (a user importing it gets nothing but its pins), so it repeats the root
 * pom's versions: these tests keep the two in step.
 */
class BomVersionsTest {

  private static final Path ROOT_POM = Path.of("..", "pom.xml");
  private static final Path BOM_POM = Path.of("..", "iceberg-ops-bom", "pom.xml");

  @ParameterizedTest
  @ValueSource(strings = {"iceberg.version", "awssdk.version", "jetty.version"})
  void bomPinsTheVersionTheBuildUses(String property) throws Exception {
    assertThat(child(element(root(BOM_POM), "properties"), property))
        .as("%s in %s", property, BOM_POM)
        .isEqualTo(child(element(root(ROOT_POM), "properties"), property));
  }

  @Test
  void bomHasTheProjectVersion() throws Exception {
    assertThat(child(root(BOM_POM), "version"))
        .as("version of %s", BOM_POM)
        .isEqualTo(child(root(ROOT_POM), "version"));
  }

  private static Element root(Path pom) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(pom.toFile())
        .getDocumentElement();
  }

  private static Element element(Element parent, String name) {
    for (var node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element child && child.getTagName().equals(name)) {
        return child;
      }
    }
    throw new AssertionError(
        "Expecting <" + parent.getTagName() + "> to have a <" + name + "> but it has none");
  }

  private static String child(Element parent, String name) {
    return element(parent, name).getTextContent().trim();
  }
}
