package dev.icebergops.benchmarks;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs every benchmark in fresh JVMs and rewrites BENCHMARKS.md: {@code mvn -B -pl benchmarks -am
 * verify -Pbenchmarks -DskipTests}.
 *
 * <p>B1 and B7 start one JVM per repetition (a cold start is only cold once per JVM); B2-B6 run in
 * one JVM that has the generated migration chains and JUnit fixtures on its class path.
 *
 * <p>{@code -Dbench.only=B2,B3} on that command measures only the listed ids and writes the report
 * beside the figures, in a temporary directory, instead of BENCHMARKS.md; {@code
 * -Dbench.only=CHAINS} takes the chain-scale measures alone ({@link Selection}), and {@code
 * -Dbench.chains=10:3,100:2,300:2} says how many classes they take at each length ({@link
 * ChainPlan}).
 */
public final class Benchmarks {

  private static final Logger LOG = LoggerFactory.getLogger(Benchmarks.class);

  private static final int COLD_STARTS = 5;

  /** The system property of the measuring JVM's heap, {@value #DEFAULT_HEAP} unless set. */
  static final String HEAP_PROPERTY = "iceberg-ops.bench.heap";

  /**
   * The default heap of the measuring JVM of B2-B6: the embedded store keeps every object in the
   * heap, and a test at head of the 300-chain that walks all of it up and down (the code before
   * issue 19) wrote about 2 GiB of table metadata before its drop, out of memory at 2 GiB.
   */
  static final String DEFAULT_HEAP = "4g";

  /** The toolkit's template cache setting for the measuring JVMs: a directory, or off. */
  private static final String CACHE = "iceberg-ops.template-cache";

  /** Where the picture and its 'before' data file are, from the project's root. */
  private static final String CHART_DIR = "benchmarks/chart";

  private Benchmarks() {}

  /**
   * Measures and writes the report.
   *
   * @param args the BENCHMARKS.md to write, the core's runtime class path file, and optionally the
   *     figures of an earlier run to write the report from without measuring again
   */
  public static void main(String[] args) throws Exception {
    Selection selection = Selection.fromSystemProperty();
    CoreJars core = CoreJars.read(Path.of(args[1]));
    Path results = args.length > 2 ? Path.of(args[2]) : measure(selection);
    Path report =
        selection.all()
            ? Path.of(args[0]).toAbsolutePath().normalize()
            : results.resolveSibling("BENCHMARKS.partial.md");
    Map<String, Double> medians = medians(results);
    Path chartDir = Path.of(args[0]).toAbsolutePath().normalize().resolveSibling(CHART_DIR);
    Path chart = picture(selection, results, chartDir, ChainChart.FILE);
    if (ChainChart.draws(medians)) {
      ChainChart.write(chart, medians(chartDir.resolve(ChainChart.BEFORE_FILE)), medians);
    } else {
      chart = null;
    }
    Path walks = picture(selection, results, chartDir, ChainChart.WALK_FILE);
    if (ChainChart.drawsWalks(medians)) {
      ChainChart.writeWalks(walks, medians);
    } else {
      walks = null;
    }
    Report.write(report, medians, core, Machine.describe(), Machine.dockerAnswers(), chart, walks);
    LOG.info("Wrote {} from the figures in {}", report, results);
  }

  /**
   * Where a picture goes: beside BENCHMARKS.md's others for a full run, else beside the figures.
   */
  private static Path picture(Selection selection, Path results, Path chartDir, String file) {
    return selection.all() ? chartDir.resolve(file) : results.resolveSibling(file);
  }

  private static Map<String, Double> medians(Path figures) throws IOException {
    Map<String, Double> medians = new LinkedHashMap<>();
    Results.read(figures).forEach((key, values) -> medians.put(key, Stats.median(values)));
    return medians;
  }

  /** Runs every measurement; returns the file of figures. */
  private static Path measure(Selection selection) throws Exception {
    Path work = Files.createTempDirectory("iceberg-ops-bench-");
    Path results = work.resolve("results.txt");
    Path classes = work.resolve("classes");
    LOG.info("Generating and compiling the migration chains in {}", work);
    Chains.generate(work.resolve("src"), classes);

    String classPath = System.getProperty("java.class.path");
    int coldStarts = selection.includes("B1") || selection.includes("B7") ? COLD_STARTS : 0;
    for (int i = 0; i < coldStarts; i++) {
      LOG.info("Cold start {} of {}", i + 1, COLD_STARTS);
      run(work, results, classPath, ColdStart.class, "rest", selection, "2g");
      run(work, results, classPath, ColdStart.class, "embedded", selection, "2g");
    }
    LOG.info("Measuring B2-B6 (several minutes)");
    String heap = System.getProperty(HEAP_PROPERTY, "").trim();
    run(
        work,
        results,
        classPath + File.pathSeparator + classes,
        Measurements.class,
        work.resolve("reports").toString(),
        selection,
        heap.isEmpty() ? DEFAULT_HEAP : heap);
    return results;
  }

  private static void run(
      Path work,
      Path results,
      String classPath,
      Class<?> main,
      String argument,
      Selection selection,
      String heap)
      throws IOException, InterruptedException {
    Path log = work.resolve(main.getSimpleName() + ".log");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-Xmx" + heap,
            "-D" + Results.FILE_PROPERTY + "=" + results,
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            // no measure is served what an earlier run kept, unless a warm cache is what it asks
            "-Diceberg-ops.template-cache=" + System.getProperty(CACHE, "off"),
            selection.argument(),
            ChainPlan.fromSystemProperty().argument(),
            "-cp",
            classPath,
            main.getName(),
            argument));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    int status = process.waitFor();
    if (status != 0) {
      throw new IllegalStateException(
          "Cannot measure with " + main.getSimpleName() + ": it exited " + status + "; see " + log);
    }
  }
}
