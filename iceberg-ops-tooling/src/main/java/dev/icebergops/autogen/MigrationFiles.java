package dev.icebergops.autogen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Names new migration files: the next free version in a directory and the class name for a message.
 *
 * <pre>{@code
 * String version = MigrationFiles.nextVersion(Path.of("migrations"));    // "0004"
 * String name = MigrationFiles.className(version, "add region");          // "V0004__AddRegion"
 * }</pre>
 */
public final class MigrationFiles {

  private static final Pattern FILE = Pattern.compile("V(\\d{4})__.*\\.java");

  private MigrationFiles() {}

  /**
   * The version after the highest {@code V<NNNN>__*.java} file in a directory.
   *
   * @param directory the migrations directory
   * @return {@code 0001} for an empty directory
   * @throws IllegalStateException if the directory already holds version 9999
   * @throws UncheckedIOException if the directory cannot be listed
   */
  public static String nextVersion(Path directory) {
    int highest;
    try (Stream<Path> files = Files.list(directory)) {
      highest =
          files
              .map(file -> FILE.matcher(file.getFileName().toString()))
              .filter(Matcher::matches)
              .mapToInt(m -> Integer.parseInt(m.group(1)))
              .max()
              .orElse(0);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list migrations in " + directory, e);
    }
    if (highest >= 9999) {
      throw new IllegalStateException(
          "Cannot number a new migration in " + directory + ": version 9999 is taken");
    }
    return String.format(Locale.ROOT, "%04d", highest + 1);
  }

  /**
   * The class name for a version and a message: {@code "add region"} becomes {@code
   * V0004__AddRegion}.
   *
   * @param version four digits
   * @param message words describing the change
   * @return the class name
   * @throws IllegalArgumentException if the message has no letter or digit
   */
  public static String className(String version, String message) {
    StringBuilder slug = new StringBuilder();
    for (String word : message.split("[^A-Za-z0-9]+")) {
      if (!word.isEmpty()) {
        slug.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
      }
    }
    if (slug.length() == 0) {
      throw new IllegalArgumentException(
          "Cannot name a migration after '" + message + "': it has no letter or digit");
    }
    return "V" + version + "__" + slug;
  }
}
