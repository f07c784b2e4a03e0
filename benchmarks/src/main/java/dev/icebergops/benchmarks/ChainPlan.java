package dev.icebergops.benchmarks;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many classes (or repetitions) the chain-scale measures take at each chain length: the system
 * property {@value #PROPERTY}, {@code <length>:<count>} pairs such as {@code 10:3,100:2,300:2} (the
 * default), lengths among {@link ScaleFixtures#LENGTHS}, counts from 1 to {@link
 * ScaleFixtures#MAX_COPIES}. A length left out is not measured.
 */
record ChainPlan(Map<Integer, Integer> counts) {

  static final String PROPERTY = "iceberg-ops.bench.chains";

  static final String DEFAULT = "10:3,100:2,300:2";

  /** The plan of this JVM's system property, or the default when it is unset or blank. */
  static ChainPlan fromSystemProperty() {
    String value = System.getProperty(PROPERTY, "").trim();
    return parse(value.isEmpty() ? DEFAULT : value);
  }

  /**
   * Parses {@code <length>:<count>} pairs.
   *
   * @throws IllegalArgumentException for a length that has no fixtures or a count out of range
   */
  static ChainPlan parse(String text) {
    Map<Integer, Integer> counts = new LinkedHashMap<>();
    for (String pair : text.split(",")) {
      String[] parts = pair.trim().split(":");
      if (parts.length != 2) {
        throw new IllegalArgumentException(
            "Cannot read " + PROPERTY + " " + text + ": expecting <length>:<count> pairs");
      }
      int length = Integer.parseInt(parts[0].trim());
      int count = Integer.parseInt(parts[1].trim());
      if (Arrays.stream(ScaleFixtures.LENGTHS).noneMatch(n -> n == length)) {
        throw new IllegalArgumentException(
            "Cannot measure chain length "
                + length
                + ": the fixtures cover "
                + Arrays.toString(ScaleFixtures.LENGTHS));
      }
      if (count < 1 || count > ScaleFixtures.MAX_COPIES) {
        throw new IllegalArgumentException(
            "Cannot take "
                + count
                + " classes at length "
                + length
                + ": 1 to "
                + ScaleFixtures.MAX_COPIES);
      }
      counts.put(length, count);
    }
    return new ChainPlan(Map.copyOf(counts));
  }

  /** The lengths measured, shortest first. */
  int[] lengths() {
    return counts.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
  }

  /** The number of classes or repetitions at length {@code n}; 0 when it is not measured. */
  int count(int n) {
    return counts.getOrDefault(n, 0);
  }

  /** The most classes any length takes: the number of rounds. */
  int rounds() {
    return counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
  }

  /** The system property that hands this plan to a measuring JVM. */
  String argument() {
    StringBuilder text = new StringBuilder();
    for (int n : lengths()) {
      text.append(text.length() == 0 ? "" : ",").append(n).append(':').append(count(n));
    }
    return "-D" + PROPERTY + "=" + text;
  }
}
