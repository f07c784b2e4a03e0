package dev.icebergops.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures a measuring JVM hands to {@link Benchmarks}: lines {@code <key> <value>} appended to
 * the file named by the system property {@value #FILE_PROPERTY}. Lines that start with {@code #}
 * are comments (the 'before' series of {@link ChainChart} is such a file).
 */
final class Results {

  static final String FILE_PROPERTY = "iceberg-ops.bench.results";

  private Results() {}

  /** Records the median of the values, in milliseconds, from nanoseconds. */
  static void emitMillis(String key, List<Long> nanos) {
    emit(key, Stats.median(nanos) / 1_000_000.0);
  }

  /** Records one figure. */
  static synchronized void emit(String key, double value) {
    Path file = Path.of(System.getProperty(FILE_PROPERTY));
    String line = key + " " + String.format(Locale.ROOT, "%.3f", value) + "\n";
    try {
      Files.writeString(
          file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot record figure " + key + " in " + file, e);
    }
  }

  /** Reads the figures of a file, each key with every value recorded for it, in order. */
  static Map<String, List<Double>> read(Path file) throws IOException {
    Map<String, List<Double>> figures = new LinkedHashMap<>();
    if (!Files.exists(file)) {
      return figures;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.startsWith("#")) {
        continue;
      }
      String[] parts = line.trim().split(" ");
      if (parts.length == 2) {
        figures
            .computeIfAbsent(parts[0], k -> new java.util.ArrayList<>())
            .add(Double.parseDouble(parts[1]));
      }
    }
    return figures;
  }
}
