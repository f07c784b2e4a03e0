package dev.icebergops.benchmarks;

import java.util.Locale;
import java.util.Map;

/**
 * One row of the BENCHMARKS.md table: a measure, its anchor and its target ratio ({@code NaN} for a
 * ratio that is only reported).
 */
record Target(String id, String measure, String anchor, String key, String anchorKey, double max) {

  /** A ratio reported beside the targets, to explain them. */
  static Target reported(String id, String measure, String anchor, String key, String anchorKey) {
    return new Target(id, measure, anchor, key, anchorKey, Double.NaN);
  }

  /** The ratio of the medians, or NaN when a figure is missing. */
  double ratio(Map<String, Double> medians) {
    Double value = medians.get(key);
    Double base = medians.get(anchorKey);
    return value == null || base == null || base == 0 ? Double.NaN : value / base;
  }

  String row(Map<String, Double> medians) {
    double ratio = ratio(medians);
    boolean measured = !Double.isNaN(ratio);
    return "| "
        + String.join(
            " | ",
            id,
            measure,
            anchor,
            measured ? String.format(Locale.ROOT, "%.2f x", ratio) : "not measured",
            Double.isNaN(max) ? "reported" : String.format(Locale.ROOT, "<= %.1f x", max),
            measured && (Double.isNaN(max) || ratio <= max) ? "yes" : "no")
        + " |";
  }
}
