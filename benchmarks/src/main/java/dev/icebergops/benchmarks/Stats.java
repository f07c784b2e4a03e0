package dev.icebergops.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Medians of repeated measurements. */
final class Stats {

  private Stats() {}

  /** The median of the values; the mean of the middle two for an even count. */
  static double median(List<? extends Number> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("Cannot take the median: no values");
    }
    List<Double> sorted = new ArrayList<>();
    values.forEach(v -> sorted.add(v.doubleValue()));
    Collections.sort(sorted);
    int middle = sorted.size() / 2;
    return sorted.size() % 2 == 1
        ? sorted.get(middle)
        : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
  }
}
