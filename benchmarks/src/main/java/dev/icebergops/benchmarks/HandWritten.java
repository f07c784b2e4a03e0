package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sections of BENCHMARKS.md written by hand (the looks at partial runs, the class path table of
 * issue 24), which the harness carries over when it writes the page again. Each lies between {@code
 * <!-- written by hand, before "## Heading" -->} and {@value #END}, and goes back before the
 * heading it names.
 */
final class HandWritten {

  static final String END = "<!-- end of what is written by hand -->";

  private static final Pattern BLOCK =
      Pattern.compile(
          "<!-- written by hand, before \"([^\"]+)\" -->\n.*?" + Pattern.quote(END) + "\n",
          Pattern.DOTALL);

  private HandWritten() {}

  /** Puts the blocks written by hand in {@code old} (the page as it was) into {@code page}. */
  static String carriedOver(String old, String page) {
    String result = page;
    Matcher blocks = BLOCK.matcher(old);
    while (blocks.find()) {
      String before = "\n" + blocks.group(1) + "\n";
      int at = result.indexOf(before);
      if (at < 0) {
        throw new IllegalStateException(
            "Cannot keep a section written by hand: the page has no heading " + blocks.group(1));
      }
      result = result.substring(0, at + 1) + blocks.group() + "\n" + result.substring(at + 1);
    }
    return result;
  }

  /** The page {@code file} holds now, or "" when there is none. */
  static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
  }
}
