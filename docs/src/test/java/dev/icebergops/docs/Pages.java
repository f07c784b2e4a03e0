package dev.icebergops.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The fenced code blocks of the Markdown pages, each with the marker comment on the line before its
 * fence: {@code <!-- snippet: NAME -->} (the block shows region NAME of the guide's sources) or
 * {@code <!-- output -->} (sample output, shown as text).
 */
final class Pages {

  private static final Pattern FENCE = Pattern.compile("^(\\s*)```(\\S*)\\s*$");
  private static final Pattern SNIPPET = Pattern.compile("^\\s*<!-- snippet: ([a-z0-9-]+) -->$");
  private static final Pattern OUTPUT = Pattern.compile("^\\s*<!-- output -->$");

  /**
   * One fenced block.
   *
   * @param page the page's file name, relative to the repository
   * @param number the block's number on its page, from 1
   * @param line the line of its opening fence, from 1
   * @param language the fence's info string, e.g. {@code java}; empty when none
   * @param snippet the region it shows, or null
   * @param output whether it is marked as sample output
   * @param lines its lines, without the fences' indentation
   */
  record Block(
      String page,
      int number,
      int line,
      String language,
      String snippet,
      boolean output,
      List<String> lines) {

    String where() {
      return page + " block " + number + " (line " + line + ", " + language + ")";
    }
  }

  private Pages() {}

  /** The guide's pages: every {@code *.md} directly in {@code docs}. */
  static List<Path> guide(Path docs) {
    try (Stream<Path> files = Files.list(docs)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Block> blocks(Path page, String name) {
    List<String> lines;
    try {
      lines = Files.readAllLines(page, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Block> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher open = FENCE.matcher(lines.get(i));
      if (!open.matches()) {
        continue;
      }
      int end = closing(lines, i, open.group(1), name);
      String before = i > 0 ? lines.get(i - 1) : "";
      Matcher snippet = SNIPPET.matcher(before);
      blocks.add(
          new Block(
              name,
              blocks.size() + 1,
              i + 1,
              open.group(2),
              snippet.matches() ? snippet.group(1) : null,
              OUTPUT.matcher(before).matches(),
              Regions.dedent(lines.subList(i + 1, end))));
      i = end;
    }
    return blocks;
  }

  private static int closing(List<String> lines, int open, String indent, String page) {
    for (int i = open + 1; i < lines.size(); i++) {
      if (lines.get(i).equals(indent + "```")) {
        return i;
      }
    }
    throw new IllegalStateException(
        "Cannot read " + page + ": the code block at line " + (open + 1) + " is never closed");
  }

  /**
   * The page's text with each block marked as a snippet replaced by its region, indented like the
   * fence.
   */
  static String withRegions(Path page, Regions regions) throws IOException {
    List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      out.add(lines.get(i));
      Matcher open = FENCE.matcher(lines.get(i));
      Matcher snippet = SNIPPET.matcher(i > 0 ? lines.get(i - 1) : "");
      if (!open.matches()) {
        continue;
      }
      int end = closing(lines, i, open.group(1), page.toString());
      if (snippet.matches() && regions.get(snippet.group(1)) != null) {
        for (String line : regions.get(snippet.group(1)).lines()) {
          out.add(line.isEmpty() ? "" : open.group(1) + line);
        }
      } else {
        out.addAll(lines.subList(i + 1, end));
      }
      out.add(lines.get(end));
      i = end;
    }
    return String.join("\n", out) + "\n";
  }
}
