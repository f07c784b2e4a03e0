package dev.icebergops.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's "Add to your build" snippet is the build that Maven Invoker runs in
 * src/it/user-project: this test keeps the two texts equal, so the README shows what is proven.
 */
class ReadmeSnippetTest {

  private static final Path README = Path.of("..", "README.md");
  private static final Path USER_POM = Path.of("src", "it", "user-project", "pom.xml");
  private static final String SECTION = "## Add to your build";

  @Test
  void readmeSnippetIsTheUserProjectsBuild() throws IOException {
    assertThat(readmeSnippet())
        .as("the first xml block under \"%s\" in %s", SECTION, README)
        .containsExactlyElementsOf(userPomSnippet());
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

  /** The user project's pom from {@code <dependencyManagement>} to {@code </build>}, unindented. */
  private static List<String> userPomSnippet() throws IOException {
    List<String> lines = Files.readAllLines(USER_POM);
    int start = indexOf(lines, "  <dependencyManagement>", 0);
    int end = indexOf(lines, "  </build>", start) + 1;
    assertThat(end)
        .as("<dependencyManagement> to </build> in %s", USER_POM)
        .isLessThan(lines.size());
    return lines.subList(start, end).stream()
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
