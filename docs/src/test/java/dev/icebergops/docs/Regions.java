package dev.icebergops.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The named regions of the guide's sources: the lines between {@code tag::NAME[]} and {@code
 * end::NAME[]} (in any comment syntax), without the marker lines of any region, de-indented. A
 * region of a Java file that starts below the file's imports opens with the imports its code names
 * (static ones first), then a blank line: so a page shows where each type comes from, and what it
 * shows stays what compiles.
 */
final class Regions {

  private static final Pattern MARKER = Pattern.compile("(tag|end)::([a-z0-9-]+)\\[]");

  /** One region and the file it comes from. */
  record Region(String name, Path file, List<String> lines) {}

  private final Map<String, Region> byName;

  private Regions(Map<String, Region> byName) {
    this.byName = byName;
  }

  /** Reads every region of the files under the {@code roots} (a root may be a file). */
  static Regions under(Path... roots) {
    Map<String, Region> regions = new LinkedHashMap<>();
    for (Path root : roots) {
      read(root, regions);
    }
    return new Regions(regions);
  }

  private static void read(Path root, Map<String, Region> regions) {
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        for (Region region : read(file)) {
          Region earlier = regions.putIfAbsent(region.name(), region);
          if (earlier != null) {
            throw new IllegalStateException(
                "Cannot read region "
                    + region.name()
                    + ": both "
                    + earlier.file()
                    + " and "
                    + file
                    + " define it");
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Region get(String name) {
    return byName.get(name);
  }

  Map<String, Region> all() {
    return byName;
  }

  private static List<Region> read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Map<String, Integer> open = new LinkedHashMap<>();
    List<Region> regions = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher marker = MARKER.matcher(lines.get(i));
      if (!marker.find()) {
        continue;
      }
      String name = marker.group(2);
      if (marker.group(1).equals("tag")) {
        open.put(name, i);
      } else {
        Integer start = open.remove(name);
        if (start == null) {
          throw new IllegalStateException(
              "Cannot read region " + name + ": " + file + ":" + (i + 1) + " ends it unopened");
        }
        List<String> region = trim(dedent(withoutMarkers(lines.subList(start + 1, i))));
        if (file.toString().endsWith(".java")) {
          region = withImports(lines.subList(0, start), region);
        }
        regions.add(new Region(name, file, region));
      }
    }
    if (!open.isEmpty()) {
      throw new IllegalStateException(
          "Cannot read regions " + open.keySet() + " of " + file + ": never ended");
    }
    return regions;
  }

  /** The region after the imports above it that its code names, if it shows none itself. */
  private static List<String> withImports(List<String> above, List<String> region) {
    if (!JavaText.imports(region).isEmpty()) {
      return region;
    }
    String code = JavaText.code(region);
    List<String> used = new ArrayList<>();
    for (boolean statics : new boolean[] {true, false}) {
      List<String> group =
          JavaText.imports(above).stream()
              .filter(i -> i.isStatic() == statics && JavaText.names(code, i.name()))
              .map(JavaText.Import::line)
              .toList();
      if (!group.isEmpty()) {
        used.addAll(group);
        used.add("");
      }
    }
    if (used.isEmpty()) {
      return region;
    }
    used.addAll(region);
    return used;
  }

  private static List<String> withoutMarkers(List<String> lines) {
    return lines.stream().filter(line -> !MARKER.matcher(line).find()).toList();
  }

  /** Without leading and trailing blank lines (the formatter keeps one before a comment). */
  private static List<String> trim(List<String> lines) {
    int from = 0;
    int to = lines.size();
    while (from < to && lines.get(from).isEmpty()) {
      from++;
    }
    while (to > from && lines.get(to - 1).isEmpty()) {
      to--;
    }
    return lines.subList(from, to);
  }

  static List<String> dedent(List<String> lines) {
    int indent =
        lines.stream()
            .filter(line -> !line.isBlank())
            .mapToInt(line -> line.length() - line.stripLeading().length())
            .min()
            .orElse(0);
    return lines.stream()
        .map(line -> line.isBlank() ? "" : line.substring(indent).stripTrailing())
        .toList();
  }
}
