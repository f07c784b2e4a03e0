package dev.icebergops.benchmarks;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The jars {@code iceberg-ops-core} puts on a user's runtime class path. */
record CoreJars(List<Jar> jars) {

  /** One jar and its size. */
  record Jar(String name, long bytes) {}

  /**
   * Reads the class path file Maven's dependency plugin wrote for the core (the jar itself aside).
   */
  static CoreJars read(Path classpathFile) throws IOException {
    String text = Files.readString(classpathFile, StandardCharsets.UTF_8).trim();
    List<Jar> jars = new ArrayList<>();
    for (String entry : text.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        Path jar = Path.of(entry);
        jars.add(new Jar(jar.getFileName().toString(), Files.size(jar)));
      }
    }
    jars.sort(Comparator.comparingLong(Jar::bytes).reversed());
    return new CoreJars(List.copyOf(jars));
  }

  long totalBytes() {
    return jars.stream().mapToLong(Jar::bytes).sum();
  }
}
