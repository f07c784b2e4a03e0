package dev.icebergops.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.icebergops.cli.CliRunner;
import dev.icebergops.docs.Pages.Block;
import dev.icebergops.docs.Regions.Region;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every code block of the guide ({@code docs/*.md}) and of the README is checked: a block marked
 * {@code <!-- snippet: NAME -->} must equal region NAME of a source under {@code docs/src/test},
 * which this module compiles and runs; shell blocks run only commands that exist. With {@code
 * -Ddocs.update=true} the marked blocks are first rewritten from their regions.
 */
class GuideCodeBlocksTest {

  static final Path DOCS = Path.of("").toAbsolutePath();
  static final Path ROOT = DOCS.getParent();
  static final Path README = ROOT.resolve("README.md");

  /** What a shell block of a page may run besides mvn and iceberg-ops. */
  static final Set<String> SHELL_COMMANDS =
      Set.of(
          "git", "cd", "mkdir", "cp", "ln", "bash", "java", "export", "cat", "echo", "ls", "touch");

  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");

  static Regions regions;
  static List<Block> guideBlocks;
  static List<Block> readmeBlocks;

  @BeforeAll
  static void readPages() throws IOException {
    // the Spark page shows the Spark module's tests and build (its profile runs them)
    regions =
        Regions.under(
            DOCS.resolve("src/test"),
            ROOT.resolve("iceberg-ops-spark/src/test"),
            ROOT.resolve("iceberg-ops-spark/pom.xml"));
    if (Boolean.getBoolean("docs.update")) {
      for (Path page : pages()) {
        Files.writeString(page, Pages.withRegions(page, regions), StandardCharsets.UTF_8);
      }
    }
    guideBlocks = new ArrayList<>();
    for (Path page : Pages.guide(DOCS)) {
      guideBlocks.addAll(Pages.blocks(page, "docs/" + page.getFileName()));
    }
    readmeBlocks = Pages.blocks(README, "README.md");
  }

  static List<Path> pages() {
    List<Path> pages = new ArrayList<>(Pages.guide(DOCS));
    pages.add(README);
    return pages;
  }

  static List<Block> allBlocks() {
    List<Block> all = new ArrayList<>(guideBlocks);
    all.addAll(readmeBlocks);
    return all;
  }

  @Test
  void everySnippetBlockShowsItsRegionExactly() {
    SoftAssertions softly = new SoftAssertions();
    for (Block block : allBlocks()) {
      if (block.snippet() == null) {
        continue;
      }
      Region region = regions.get(block.snippet());
      if (region == null) {
        softly.fail(
            "%s shows snippet %s, but no source under docs/src/test has that region",
            block.where(), block.snippet());
        continue;
      }
      int differs = firstDifference(region.lines(), block.lines());
      softly
          .assertThat(differs)
          .as(
              "%s shows region %s of %s; they differ from the block's line %d:%n"
                  + "  region: %s%n  block:  %s%n"
                  + "(regenerate with mvn -B -pl docs -am test -Dtest=GuideCodeBlocksTest"
                  + " -Ddocs.update=true)",
              block.where(),
              region.name(),
              ROOT.relativize(region.file()),
              differs + 1,
              lineAt(region.lines(), differs),
              lineAt(block.lines(), differs))
          .isEqualTo(-1);
    }
    softly.assertAll();
  }

  @Test
  void noGuideBlockIsUnchecked() {
    for (Block block : guideBlocks) {
      boolean checked =
          block.snippet() != null
              || block.language().equals("bash")
              || block.output() && block.language().equals("text");
      assertThat(checked)
          .as(
              "%s is unchecked: mark it <!-- snippet: NAME --> and show a region of a source"
                  + " under docs/src/test, or make it a bash block, or mark sample output"
                  + " <!-- output --> in a text block",
              block.where())
          .isTrue();
    }
    for (Block block : readmeBlocks) {
      if (block.language().equals("java")) {
        assertThat(block.snippet())
            .as("%s is a java block without <!-- snippet: NAME -->", block.where())
            .isNotNull();
      }
    }
  }

  @Test
  void everyJavaBlockImportsTheIcebergOpsTypesItNames() throws IOException {
    Map<String, String> types = icebergOpsTypes();
    SoftAssertions softly = new SoftAssertions();
    for (Block block : allBlocks()) {
      if (!block.language().equals("java")) {
        continue;
      }
      String code = JavaText.code(block.lines());
      Set<String> imported = new TreeSet<>();
      JavaText.imports(block.lines()).forEach(i -> imported.add(i.name()));
      Matcher pkg = PACKAGE.matcher(String.join("\n", block.lines()));
      String blockPackage = pkg.find() ? pkg.group(1) : "";
      for (Map.Entry<String, String> type : types.entrySet()) {
        String name = type.getKey();
        if (JavaText.names(code, name)
            && !imported.contains(name)
            && !type.getValue().equals(blockPackage)
            && !Pattern.compile("\\b(class|interface|record|enum) " + name + "\\b")
                .matcher(code)
                .find()) {
          softly.fail(
              "Expecting %s to import %s.%s, which it names, but it does not",
              block.where(), type.getValue(), name);
        }
      }
    }
    softly.assertAll();
  }

  /**
   * The public types of iceberg-ops' modules, outside internal packages: simple name to package.
   */
  private static Map<String, String> icebergOpsTypes() throws IOException {
    Map<String, String> types = new TreeMap<>();
    try (Stream<Path> files = Files.walk(ROOT, 1)) {
      for (Path module :
          files.filter(p -> p.getFileName().toString().startsWith("iceberg-ops-")).toList()) {
        Path sources = module.resolve("src/main/java/dev/icebergops");
        if (!Files.isDirectory(sources)) {
          continue;
        }
        try (Stream<Path> java = Files.walk(sources)) {
          for (Path file : java.filter(f -> f.toString().endsWith(".java")).toList()) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String name = file.getFileName().toString().replace(".java", "");
            Matcher pkg = PACKAGE.matcher(text);
            if (pkg.find()
                && !pkg.group(1).contains(".internal")
                && Pattern.compile(
                        "(?m)^public [a-z ]*(class|interface|record|enum|@interface) "
                            + name
                            + "\\b")
                    .matcher(text)
                    .find()) {
              types.put(name, pkg.group(1));
            }
          }
        }
      }
    }
    assertThat(types).as("public types found under %s", ROOT).containsKey("MigrationContext");
    return types;
  }

  @Test
  void everyRegionIsShownOnAPage() {
    Set<String> shown = new TreeSet<>();
    allBlocks().stream().filter(b -> b.snippet() != null).forEach(b -> shown.add(b.snippet()));
    assertThat(new TreeSet<>(regions.all().keySet()))
        .as("regions of docs/src/test that no page shows")
        .isSubsetOf(shown);
  }

  @Test
  void shellBlocksRunOnlyCommandsThatExist(@TempDir Path workDir) {
    Build build = new Build(ROOT);
    for (Block block : allBlocks()) {
      if (!block.language().equals("bash")) {
        continue;
      }
      for (List<String> command : ShellCommands.of(block.lines())) {
        String program = command.get(0);
        String where = block.where() + ": " + String.join(" ", command);
        switch (program) {
          case "mvn" -> assertThat(build.problems(command)).as(where).isEmpty();
          case "iceberg-ops" -> {
            List<String> args = new ArrayList<>(command.subList(1, command.size()));
            args.add("--help");
            CliRunner.Result help = new CliRunner(workDir).run(args.toArray(String[]::new));
            assertThat(help.exitCode()).as("%s%n%s", where, help).isZero();
          }
          case "bash" -> assertThat(ROOT.resolve(command.get(1))).as(where).isRegularFile();
          default -> assertThat(SHELL_COMMANDS).as(where).contains(program);
        }
      }
    }
  }

  @Test
  void linksReachPagesAndHeadingsThatExist() throws IOException {
    SoftAssertions softly = new SoftAssertions();
    for (Path page : pages()) {
      String text = Files.readString(page, StandardCharsets.UTF_8);
      Matcher link = LINK.matcher(text);
      while (link.find()) {
        String target = link.group(1);
        if (target.matches("[a-z]+:.*")) {
          continue; // https:, mailto:
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = ROOT.relativize(page) + " links to " + target;
        if (!Files.exists(linked)) {
          softly.fail("%s, which does not exist", where);
        } else if (hash >= 0) {
          softly
              .assertThat(anchors(Files.readString(linked, StandardCharsets.UTF_8)))
              .as(where)
              .contains(target.substring(hash + 1));
        }
      }
    }
    softly.assertAll();
  }

  /** The anchors GitHub gives a page's headings. */
  private static Set<String> anchors(String markdown) {
    Set<String> anchors = new TreeSet<>();
    for (String line : markdown.split("\n")) {
      if (line.startsWith("#")) {
        String title = line.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT);
        anchors.add(title.replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
      }
    }
    return anchors;
  }

  private static int firstDifference(List<String> expected, List<String> actual) {
    for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
      if (i >= expected.size() || i >= actual.size() || !expected.get(i).equals(actual.get(i))) {
        return i;
      }
    }
    return -1;
  }

  private static String lineAt(List<String> lines, int index) {
    return index >= 0 && index < lines.size() ? "\"" + lines.get(index) + "\"" : "(no line)";
  }
}
