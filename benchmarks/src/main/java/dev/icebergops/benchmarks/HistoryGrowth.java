package dev.icebergops.benchmarks;

import dev.icebergops.migration.MigrationSource;
import dev.icebergops.runner.MigrationRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * BH: whether a run's cost grows with the runs its history table has served, from the public API of
 * {@link MigrationRunner} and Iceberg alone (so that it measures an older commit as well).
 *
 * <p>One fresh meta namespace (one history table) serves {@link #NAMESPACES} fresh namespaces in
 * turn; in each, {@code migrate("0002")} of the 10-chain then {@code rollback(2)} are timed as one
 * figure, the chain resolved and the namespace created beforehand, the namespace purged after. The
 * median of namespaces 26-50 ({@code bh.early.ms}) against that of the last 25 ({@code
 * bh.late.ms}), and the history table's metadata JSON, snapshots and refs at the end.
 */
final class HistoryGrowth {

  private static final Logger LOG = LoggerFactory.getLogger(HistoryGrowth.class);

  /** How many namespaces one history table serves. */
  static final int NAMESPACES = 300;

  /** The first namespace of the early window (1-based); those before it warm up. */
  static final int EARLY_FROM = 26;

  /** How many namespaces each window takes. */
  static final int WINDOW = 25;

  /** The chain whose first {@link #VERSIONS} versions each namespace migrates and rolls back. */
  static final int CHAIN = 10;

  static final int VERSIONS = 2;

  private final Catalog catalog;
  private final RawDdl raw;

  HistoryGrowth(Catalog catalog) {
    this.catalog = catalog;
    this.raw = new RawDdl(catalog);
  }

  /**
   * Measures {@code namespaces} runs against one history table and records the figures. Each run of
   * the two windows is followed by the same run against a fresh history table of its own window
   * (made just before it, with one untimed run), the load anchor: the machine is shared.
   */
  void measure(int namespaces) {
    String meta = RunnerMeasures.freshNamespace("history") + "_ops";
    String fresh = null;
    List<Long> nanos = new ArrayList<>();
    List<Long> anchors = new ArrayList<>();
    long started = System.nanoTime();
    try {
      for (int i = 1; i <= namespaces; i++) {
        if (i == EARLY_FROM || i == namespaces - WINDOW + 1) {
          purgeIfMade(fresh);
          fresh = RunnerMeasures.freshNamespace("fresh") + "_ops";
          runIn(fresh);
        }
        nanos.add(runIn(meta));
        boolean windowed = i >= EARLY_FROM && i < EARLY_FROM + WINDOW || i > namespaces - WINDOW;
        if (windowed) {
          anchors.add(runIn(fresh));
        }
        LOG.info(
            String.format(
                Locale.ROOT,
                "BH %d %.1f ms%s, %.0f s in",
                i,
                nanos.get(i - 1) / 1e6,
                windowed
                    ? String.format(
                        Locale.ROOT, " (fresh %.1f ms)", anchors.get(anchors.size() - 1) / 1e6)
                    : "",
                (System.nanoTime() - started) / 1e9));
      }
      emit(namespaces, nanos, anchors);
      recordHistory(meta);
      Results.emit("bh.seconds", (System.nanoTime() - started) / 1e9);
    } finally {
      purgeIfMade(fresh);
      purgeIfMade(meta);
    }
  }

  private void emit(int namespaces, List<Long> nanos, List<Long> anchors) {
    List<Long> early = nanos.subList(EARLY_FROM - 1, EARLY_FROM - 1 + WINDOW);
    List<Long> late = nanos.subList(namespaces - WINDOW, namespaces);
    Results.emit("bh.namespaces", namespaces);
    Results.emitMillis("bh.early.ms", early);
    Results.emitMillis("bh.late.ms", late);
    Results.emit("bh.late-over-early", Stats.median(late) / Stats.median(early));
    Results.emitMillis("bh.early.fresh.ms", anchors.subList(0, WINDOW));
    Results.emitMillis("bh.late.fresh.ms", anchors.subList(WINDOW, 2 * WINDOW));
    Results.emit("bh.early.over-fresh", pairedRatio(early, anchors.subList(0, WINDOW)));
    Results.emit("bh.late.over-fresh", pairedRatio(late, anchors.subList(WINDOW, 2 * WINDOW)));
  }

  /** The median of each run's time over its anchor's. */
  private static double pairedRatio(List<Long> runs, List<Long> anchors) {
    List<Double> ratios = new ArrayList<>();
    for (int k = 0; k < runs.size(); k++) {
      ratios.add(runs.get(k) / (double) anchors.get(k));
    }
    return Stats.median(ratios);
  }

  /** A fresh namespace's run against the history table of {@code meta}, purged after it. */
  private long runIn(String meta) {
    String namespace = RunnerMeasures.freshNamespace("growth");
    raw.createNamespace(namespace);
    try {
      return run(namespace, meta);
    } finally {
      raw.purge(namespace);
    }
  }

  private void purgeIfMade(String namespace) {
    if (namespace != null
        && ((SupportsNamespaces) catalog).namespaceExists(Namespace.of(namespace))) {
      raw.purge(namespace);
    }
  }

  /** One namespace's run: its time, in nanoseconds. */
  private long run(String namespace, String meta) {
    MigrationRunner runner =
        MigrationRunner.builder(catalog)
            .namespace(namespace)
            .metaNamespace(meta)
            .source(MigrationSource.classpath(Chains.location(CHAIN)))
            .build();
    runner.migrations();
    long start = System.nanoTime();
    runner.migrate(Chains.version(VERSIONS));
    runner.rollback(VERSIONS);
    return System.nanoTime() - start;
  }

  /** The history table's metadata JSON size, snapshot count and ref count. */
  private void recordHistory(String meta) {
    List<TableIdentifier> tables = catalog.listTables(Namespace.of(meta));
    if (tables.size() != 1) {
      throw new IllegalStateException("Expecting one history table in " + meta + ": " + tables);
    }
    Table history = catalog.loadTable(tables.get(0));
    TableMetadata current = ((HasTableOperations) history).operations().current();
    Results.emit("bh.history.metadata-bytes", TableMetadataParser.toJson(current).length());
    Results.emit("bh.history.snapshots", current.snapshots().size());
    Results.emit("bh.history.refs", current.refs().size());
  }

  /** The report's row: the late window's median against the early one's. */
  static Target target(Map<String, Double> medians) {
    int n = medians.getOrDefault("bh.namespaces", (double) NAMESPACES).intValue();
    String run =
        "a fresh namespace's `migrate(\"0002\")` and `rollback(2)` (the 10-chain's first two"
            + " versions), one history table serving "
            + n
            + " namespaces in turn, median of namespaces ";
    return new Target(
        "BH",
        run + (n - WINDOW + 1) + "-" + n,
        "the same, median of namespaces " + EARLY_FROM + "-" + (EARLY_FROM + WINDOW - 1),
        "bh.late.ms",
        "bh.early.ms",
        1.3);
  }

  /** The unit of one of BH's figures in the report's raw medians. */
  static String unit(String key) {
    return switch (key) {
      case "bh.namespaces" -> "namespaces";
      case "bh.late-over-early", "bh.early.over-fresh", "bh.late.over-fresh" -> "x";
      case "bh.seconds" -> "s";
      case "bh.history.metadata-bytes" -> "bytes";
      case "bh.history.snapshots" -> "snapshots";
      case "bh.history.refs" -> "refs";
      default -> "ms";
    };
  }

  /**
   * The report's row of the same against the load anchor: each window's runs over the paired runs
   * against a fresh history table, the late window's median ratio over the early one's.
   */
  static Target pairedTarget() {
    return Target.reported(
        "BH",
        "the same, late window: each run over the same run against a fresh history table right"
            + " after it (median)",
        "the same, early window",
        "bh.late.over-fresh",
        "bh.early.over-fresh");
  }

  /** The report's row of the history table's size after the last namespace. */
  static String sizeRow(Map<String, Double> medians) {
    Double bytes = medians.get("bh.history.metadata-bytes");
    String size =
        bytes == null
            ? "not measured"
            : String.format(
                Locale.ROOT,
                "%.0f bytes of metadata JSON, %.0f snapshots, %.0f refs",
                bytes,
                medians.getOrDefault("bh.history.snapshots", Double.NaN),
                medians.getOrDefault("bh.history.refs", Double.NaN));
    return "| BH | the history table after the last namespace of BH | none | "
        + size
        + " | reported | "
        + (bytes == null ? "no" : "yes")
        + " |\n";
  }
}
