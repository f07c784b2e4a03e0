package dev.icebergops.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/**
 * The README's "Add to your build" snippet is the build that Maven Invoker runs in
 * src/it/user-project: the user's pom is its coordinates and the snippet, nothing else, so what the
 * README shows is what compiles, resolves and passes there.
 */
class ReadmeSnippetTest {

  private static final Path README = Path.of("..", "README.md");
  private static final Path USER_POM = Path.of("src", "it", "user-project", "pom.xml");
  private static final String SECTION = "## Add to your build";
  private static final String LAST_COORDINATE = "  <version>1.0</version>";

  @Test
  void theUserProjectsPomIsItsCoordinatesAndTheReadmeSnippet() throws IOException {
    assertThat(userPomAfterCoordinates())
        .as("%s after \"%s\", unindented", USER_POM, LAST_COORDINATE.trim())
        .containsExactlyElementsOf(readmeSnippet());
  }

  @Test
  void readmeSnippetCompilesForJava17() throws Exception {
    Element properties = XmlElements.child(snippetAsProject(), "properties");
    assertThat(XmlElements.text(properties, "maven.compiler.release"))
        .as("<maven.compiler.release> in the snippet of %s", README)
        .isEqualTo("17");
  }

  @Test
  void readmeSnippetDeclaresWhatADataMigrationNeedsWithoutVersions() throws Exception {
    List<String> unversioned = new ArrayList<>();
    for (Element dependency : XmlElements.dependencies(snippetAsProject(), "dependencies")) {
      if (XmlElements.optionalText(dependency, "version") == null) {
        unversioned.add(XmlElements.coordinates(dependency));
      }
    }
    assertThat(unversioned)
        .as("the dependencies of the snippet in %s that take their version from the BOM", README)
        .containsAll(BomVersionsTest.DATA_MIGRATION_ARTIFACTS)
        .contains("dev.icebergops:iceberg-ops-core", "dev.icebergops:iceberg-ops-test");
  }

  /** The snippet wrapped in {@code <project>}, parsed. */
  private static Element snippetAsProject() throws Exception {
    String xml = "<project>\n" + String.join("\n", readmeSnippet()) + "\n</project>";
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new InputSource(new StringReader(xml)))
        .getDocumentElement();
  }

  /** The first {@code xml} code block of the section. */
  private static List<String> readmeSnippet() throws IOException {
    List<String> lines = Files.readAllLines(README);
    int section = lines.indexOf(SECTION);
    assertThat(section).as("the line \"%s\" in %s", SECTION, README).isNotNegative();
    int nextSection = indexOf(lines, "## ", section + 1);
    int open = indexOf(lines, "```xml", section);
    int close = indexOf(lines, "```", open + 1);
    assertThat(close)
        .as("the end of an xml block under \"%s\" in %s", SECTION, README)
        .isLessThan(nextSection);
    return lines.subList(open + 1, close);
  }

  /**
   * The user project's pom from the line after its coordinates (and one blank line) to the line
   * before {@code </project>}, unindented.
   */
  private static List<String> userPomAfterCoordinates() throws IOException {
    List<String> lines = Files.readAllLines(USER_POM);
    int coordinates = lines.indexOf(LAST_COORDINATE);
    int end = lines.lastIndexOf("</project>");
    assertThat(coordinates)
        .as("the line \"%s\" in %s", LAST_COORDINATE, USER_POM)
        .isNotNegative()
        .isLessThan(end);
    assertThat(lines.get(coordinates + 1))
        .as("the line after the coordinates in %s", USER_POM)
        .isEmpty();
    return lines.subList(coordinates + 2, end).stream()
        .map(line -> line.isEmpty() ? line : line.substring(2))
        .toList();
  }

  /** The first line at or after {@code from} that starts with {@code prefix}, or the line count. */
  private static int indexOf(List<String> lines, String prefix, int from) {
    for (int i = from; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    return lines.size();
  }
}
