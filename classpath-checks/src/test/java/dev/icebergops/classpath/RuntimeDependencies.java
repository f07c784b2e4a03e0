package dev.icebergops.classpath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A user project's runtime class path as Maven listed it at build time ({@code dependency:list}
 * with absolute file names, in {@code users/<name>/target/runtime-dependencies.txt}).
 *
 * @param user the user project's name
 * @param artifacts each dependency, by {@code groupId:artifactId} (and {@code :classifier})
 * @param files each dependency's file: a jar, or a reactor module's class directory
 */
record RuntimeDependencies(String user, List<String> artifacts, List<Path> files) {

  /** The property that names the directory of the user projects (set by Surefire). */
  static final String USERS = "classpath-checks.users";

  /**
   * Reads the listing Maven wrote for the user project {@code user}.
   *
   * @throws IllegalStateException if the listing is missing or names no dependency
   */
  static RuntimeDependencies of(String user) {
    Path listing =
        Path.of(System.getProperty(USERS, "users"), user, "target", "runtime-dependencies.txt");
    List<String> lines;
    try {
      lines = Files.readAllLines(listing);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read the runtime dependencies of user project " + user + ": " + listing, e);
    }
    List<String[]> entries =
        lines.stream()
            .map(String::trim)
            .map(line -> line.replaceFirst(" -- module .*$", ""))
            .filter(line -> line.matches("[^\\s:]+:[^\\s:]+:[^\\s:]+:.*:/\\S+"))
            .map(line -> line.split(":"))
            .toList();
    if (entries.isEmpty()) {
      throw new IllegalStateException(
          "Cannot check user project " + user + ": " + listing + " lists no dependency");
    }
    List<String> artifacts =
        entries.stream().map(e -> e[0] + ":" + e[1] + (e.length == 7 ? ":" + e[3] : "")).toList();
    List<Path> files = entries.stream().map(e -> Path.of(e[e.length - 1])).toList();
    return new RuntimeDependencies(user, artifacts, files);
  }

  /** The file of the dependency {@code groupId:artifactId}. */
  Path fileOf(String artifact) {
    int index = artifacts.indexOf(artifact);
    if (index < 0) {
      throw new IllegalStateException(
          "Cannot find " + artifact + " on the class path of user project " + user);
    }
    return files.get(index);
  }
}
