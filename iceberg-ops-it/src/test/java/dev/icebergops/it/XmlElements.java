package dev.icebergops.it;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

/** Reads the poms and the README's snippet: child elements by name, without namespaces. */
final class XmlElements {

  private XmlElements() {}

  static Element root(Path pom) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(pom.toFile())
        .getDocumentElement();
  }

  /** The first child element named {@code name}; fails the test when there is none. */
  static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    if (found.isEmpty()) {
      throw new AssertionError(
          "Expecting <" + parent.getTagName() + "> to have a <" + name + "> but it has none");
    }
    return found.get(0);
  }

  static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    for (var node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element child && child.getTagName().equals(name)) {
        found.add(child);
      }
    }
    return found;
  }

  static String text(Element parent, String name) {
    return child(parent, name).getTextContent().trim();
  }

  /** The text of the child element {@code name}, or null when there is none. */
  static String optionalText(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? null : found.get(0).getTextContent().trim();
  }

  /** The {@code <dependency>} elements of the {@code <dependencies>} at {@code path} below root. */
  static List<Element> dependencies(Element root, String... path) {
    Element parent = root;
    for (String name : path) {
      parent = child(parent, name);
    }
    return children(parent, "dependency");
  }

  /** {@code groupId:artifactId}, with {@code :classifier} when there is one. */
  static String coordinates(Element dependency) {
    String classifier = optionalText(dependency, "classifier");
    return text(dependency, "groupId")
        + ":"
        + text(dependency, "artifactId")
        + (classifier == null ? "" : ":" + classifier);
  }
}
