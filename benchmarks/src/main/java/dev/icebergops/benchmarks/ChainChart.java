package dev.icebergops.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws the SVG pictures of BENCHMARKS.md, on logarithmic axes against the chain's length: a warm
 * test's cost (the median of a class's following tests, {@code b2.scale.<kind>.following.<n>}) at
 * head and at the middle version, 'before' (the medians of a data file committed beside the
 * picture) and 'after' (this run's), with this run's tests at head whose copies are made with every
 * earlier schema (the opt-in {@code copySchemaHistory = true}); and a walk's cost per migration in
 * this run: raw Iceberg commits, the runner's {@code migrate()}, a class's first test at head (its
 * template's walk) and a {@code MigrationSuite} class.
 */
final class ChainChart {

  /** The data file of the 'before' series, beside the picture. */
  static final String BEFORE_FILE = "per-test-cost-before.txt";

  /** The picture of a warm test's cost. */
  static final String FILE = "per-test-cost.svg";

  /** The picture of a walk's cost per migration. */
  static final String WALK_FILE = "walk-cost.svg";

  private static final int WIDTH = 800;
  private static final int HEIGHT = 440;
  private static final int LEFT = 80;
  private static final int RIGHT = 250;
  private static final int TOP = 50;
  private static final int BOTTOM = 60;
  private static final double X_MIN = 7;
  private static final double X_MAX = 400;
  private static final String BEFORE_COLOUR = "#c0392b";
  private static final String AFTER_COLOUR = "#1f5fa8";
  private static final String EVERY_SCHEMA_COLOUR = "#2e8b57";
  private static final String RAW_COLOUR = "#777777";
  private static final String SUITE_COLOUR = "#8e44ad";

  private record Series(String label, String colour, boolean dashed, List<double[]> points) {}

  /** One picture: its title, what its values are, the note under its legend, its series. */
  private record Picture(String title, String values, List<String> note, List<Series> series) {}

  private ChainChart() {}

  /** Whether the medians hold any figure the picture of a warm test's cost draws. */
  static boolean draws(Map<String, Double> medians) {
    return medians.keySet().stream()
        .anyMatch(k -> k.startsWith("b2.scale.") && k.contains(".following."));
  }

  /** Whether the medians hold any figure the picture of a walk's cost draws. */
  static boolean drawsWalks(Map<String, Double> medians) {
    return medians.keySet().stream()
        .anyMatch(k -> k.startsWith("b3.runner.per-migration.") || k.startsWith("b5.scale.suite."));
  }

  /**
   * Writes the picture of a warm test's cost.
   *
   * @param before the medians of the code before the change, from {@link #BEFORE_FILE}
   * @param after this run's medians
   */
  static void write(Path file, Map<String, Double> before, Map<String, Double> after)
      throws IOException {
    List<Series> series = new ArrayList<>();
    series.add(following("before: a test at head", BEFORE_COLOUR, false, "head", before));
    series.add(following("before: at the middle version", BEFORE_COLOUR, true, "middle", before));
    series.add(following("after: a test at head", AFTER_COLOUR, false, "head", after));
    series.add(following("after: at the middle version", AFTER_COLOUR, true, "middle", after));
    series.add(
        following(
            "after: head, every schema copied (opt-in)",
            EVERY_SCHEMA_COLOUR,
            false,
            "head-every-schema",
            after));
    write(
        file,
        new Picture(
            "A warm test's cost against the chain's length (B2, empty tests)",
            "one test's duration",
            List.of("median of each class's", "tests after the first"),
            series));
  }

  /** Writes the picture of a walk's cost per migration, from this run's medians. */
  static void writeWalks(Path file, Map<String, Double> medians) throws IOException {
    List<Series> series = new ArrayList<>();
    series.add(
        series("raw Iceberg commits", RAW_COLOUR, true, "b3.raw.per-migration.", false, medians));
    series.add(
        series("migrate() (B3)", AFTER_COLOUR, false, "b3.runner.per-migration.", false, medians));
    series.add(
        series(
            "a class's first test at head",
            BEFORE_COLOUR,
            false,
            "b2.scale.head.first.",
            true,
            medians));
    series.add(
        series("MigrationSuite class (B5)", SUITE_COLOUR, false, "b5.scale.suite.", true, medians));
    write(
        file,
        new Picture(
            "A walk's cost per migration against the chain's length",
            "per migration",
            List.of("flat: the walk costs", "as much as the chain is long"),
            series));
  }

  private static void write(Path file, Picture picture) throws IOException {
    List<Series> series = new ArrayList<>(picture.series());
    series.removeIf(s -> s.points().isEmpty());
    double yMin = Double.MAX_VALUE;
    double yMax = 0;
    for (Series s : series) {
      for (double[] p : s.points()) {
        yMin = Math.min(yMin, p[1]);
        yMax = Math.max(yMax, p[1]);
      }
    }
    double lowDecade = Math.pow(10, Math.floor(Math.log10(Math.max(yMin, 1))));
    double highDecade = Math.pow(10, Math.ceil(Math.log10(Math.max(yMax, lowDecade * 10))));
    StringBuilder svg = new StringBuilder();
    svg.append(
            String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0"
                    + " %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
                WIDTH,
                HEIGHT,
                WIDTH,
                HEIGHT))
        .append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n")
        .append(
            text(
                LEFT, TOP - 24, "start", "font-size=\"15\" font-weight=\"bold\"", picture.title()));
    Axes axes = new Axes(lowDecade, highDecade, picture.values());
    axes.draw(svg);
    int legendY = TOP + 10;
    for (Series s : series) {
      StringBuilder path = new StringBuilder();
      for (double[] p : s.points()) {
        path.append(path.length() == 0 ? "M" : " L")
            .append(String.format(Locale.ROOT, "%.1f %.1f", axes.x(p[0]), axes.y(p[1])));
      }
      svg.append(
          String.format(
              Locale.ROOT,
              "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
              path,
              s.colour(),
              s.dashed() ? " stroke-dasharray=\"6 4\"" : ""));
      for (double[] p : s.points()) {
        svg.append(
                String.format(
                    Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n",
                    axes.x(p[0]),
                    axes.y(p[1]),
                    s.colour()))
            .append(
                text(
                    axes.x(p[0]) + 6,
                    axes.y(p[1]) + (s.dashed() ? 15 : -6),
                    "start",
                    "font-size=\"10\" fill=\"" + s.colour() + "\"",
                    duration(p[1])));
      }
      int legendX = WIDTH - RIGHT + 16;
      svg.append(
              String.format(
                  Locale.ROOT,
                  "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
                  legendX,
                  legendY,
                  legendX + 24,
                  legendY,
                  s.colour(),
                  s.dashed() ? " stroke-dasharray=\"6 4\"" : ""))
          .append(text(legendX + 30, legendY + 4, "start", "", s.label()));
      legendY += 20;
    }
    for (String line : picture.note()) {
      svg.append(
          text(WIDTH - RIGHT + 16, legendY + 10, "start", "font-size=\"10\" fill=\"#555\"", line));
      legendY += 13;
    }
    svg.append("</svg>\n");
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, svg.toString(), StandardCharsets.UTF_8);
  }

  private static Series following(
      String label, String colour, boolean dashed, String kind, Map<String, Double> medians) {
    return series(label, colour, dashed, "b2.scale." + kind + ".following.", false, medians);
  }

  /**
   * The series of the figures {@code prefix + n}, each divided by n when {@code perLength} (a whole
   * walk's figure), else as they are.
   */
  private static Series series(
      String label,
      String colour,
      boolean dashed,
      String prefix,
      boolean perLength,
      Map<String, Double> medians) {
    List<double[]> points = new ArrayList<>();
    for (int n : ScaleFixtures.LENGTHS) {
      Double ms = medians.get(prefix + n);
      if (ms != null && ms > 0) {
        points.add(new double[] {n, perLength ? ms / n : ms});
      }
    }
    return new Series(label, colour, dashed, points);
  }

  /** The plot area's logarithmic axes, chain length across and milliseconds up. */
  private record Axes(double yMin, double yMax, String values) {

    double x(double n) {
      double width = WIDTH - LEFT - RIGHT;
      return LEFT + width * Math.log(n / X_MIN) / Math.log(X_MAX / X_MIN);
    }

    double y(double ms) {
      double height = HEIGHT - TOP - BOTTOM;
      return TOP + height * (1 - Math.log(ms / yMin) / Math.log(yMax / yMin));
    }

    void draw(StringBuilder svg) {
      int bottom = HEIGHT - BOTTOM;
      int right = WIDTH - RIGHT;
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n",
              LEFT,
              TOP,
              right - LEFT,
              bottom - TOP));
      for (int n : new int[] {10, 30, 100, 300}) {
        svg.append(
                String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n",
                    x(n),
                    TOP,
                    x(n),
                    bottom))
            .append(text(x(n), bottom + 16, "middle", "", String.valueOf(n)));
      }
      for (double ms = yMin; ms <= yMax * 1.001; ms *= 10) {
        svg.append(
                String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
                    LEFT,
                    y(ms),
                    right,
                    y(ms)))
            .append(text(LEFT - 6, y(ms) + 4, "end", "", tick(ms)));
      }
      svg.append(
              text(
                  (LEFT + right) / 2.0,
                  bottom + 40,
                  "middle",
                  "",
                  "migrations in the chain (log scale)"))
          .append(
              String.format(
                  Locale.ROOT,
                  "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18"
                      + " %.1f)\">%s (log scale)</text>\n",
                  (TOP + bottom) / 2.0,
                  (TOP + bottom) / 2.0,
                  values));
    }
  }

  /** A decade's label: 100 ms, 1 s, 10 s. */
  private static String tick(double ms) {
    return ms >= 1000
        ? String.format(Locale.ROOT, "%.0f s", ms / 1000)
        : String.format(Locale.ROOT, "%.0f ms", ms);
  }

  private static String duration(double ms) {
    return ms >= 1000
        ? String.format(Locale.ROOT, "%.3g s", ms / 1000)
        : String.format(Locale.ROOT, "%.3g ms", ms);
  }

  private static String text(double x, double y, String anchor, String attributes, String text) {
    return String.format(
        Locale.ROOT,
        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s</text>\n",
        x,
        y,
        anchor,
        attributes.isEmpty() ? "" : " " + attributes,
        text.replace("&", "&amp;").replace("<", "&lt;"));
  }
}
