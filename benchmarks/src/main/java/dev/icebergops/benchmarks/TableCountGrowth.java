package dev.icebergops.benchmarks;

import dev.icebergops.runner.MigrationRunner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * BT: whether a version's cost grows with the tables of its namespace that it does not touch, from
 * the public API of {@link MigrationRunner} and Iceberg alone (so that it measures an older commit
 * as well).
 *
 * <p>Per size T ({@link #SIZES}), a fresh namespace with a fresh meta namespace of its own is
 * migrated to 0001 of the 10-chain, given T other one-column tables and migrated to 0002 (which
 * records them), untimed; then {@code migrate("0005")} (three versions, each adding a column to the
 * chain's table) is timed and divided by three, and both namespaces are purged, untimed. The sizes
 * alternate in rounds, the first of which warms up; the median per size and the ratios to T = 1.
 */
final class TableCountGrowth {

  private static final Logger LOG = LoggerFactory.getLogger(TableCountGrowth.class);

  /** The numbers of other tables in the namespace, besides the one the chain changes. */
  static final int[] SIZES = {1, 100, 300};

  /** How many rounds come before the timed ones, untimed. */
  static final int WARM_UP_ROUNDS = 1;

  /** The chain whose versions the namespaces take. */
  static final int CHAIN = 10;

  /** The version migrated to, untimed, before the other tables are created. */
  static final int FROM = 1;

  /**
   * The version migrated to, untimed, after the other tables are created: the history then lists
   * them, as it does the tables of a namespace a run has seen before.
   */
  static final int RECORDED = 2;

  /** The version the timed {@code migrate} goes to. */
  static final int TO = 5;

  private static final Schema OTHER_SCHEMA =
      new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  private final Catalog catalog;
  private final RawDdl raw;
  private final RunnerMeasures runners;

  TableCountGrowth(Catalog catalog) {
    this.catalog = catalog;
    this.raw = new RawDdl(catalog);
    this.runners = new RunnerMeasures(catalog);
  }

  /** Measures {@code rounds} timed rounds of every size, after the warm-up rounds. */
  void measure(int rounds) {
    Map<Integer, List<Long>> nanos = new LinkedHashMap<>();
    for (int size : SIZES) {
      nanos.put(size, new ArrayList<>());
    }
    long started = System.nanoTime();
    for (int round = 0; round < WARM_UP_ROUNDS + rounds; round++) {
      boolean timed = round >= WARM_UP_ROUNDS;
      for (int size : SIZES) {
        long perVersion = perVersion(size);
        if (timed) {
          nanos.get(size).add(perVersion);
        }
        LOG.info(
            String.format(
                Locale.ROOT,
                "BT round %d%s, %d other tables: %.1f ms per version, %.0f s in",
                round + 1,
                timed ? "" : " (warm-up)",
                size,
                perVersion / 1e6,
                (System.nanoTime() - started) / 1e9));
      }
    }
    emit(nanos);
    Results.emit("bt.seconds", (System.nanoTime() - started) / 1e9);
  }

  private static void emit(Map<Integer, List<Long>> nanos) {
    nanos.forEach((size, values) -> Results.emitMillis("bt.per-version." + size, values));
    double one = Stats.median(nanos.get(1));
    Results.emit("bt.300-over-1", Stats.median(nanos.get(300)) / one);
    Results.emit("bt.100-over-1", Stats.median(nanos.get(100)) / one);
  }

  /**
   * One namespace at {@code others} other tables: the timed {@code migrate}'s time per version, in
   * nanoseconds.
   */
  private long perVersion(int others) {
    String namespace = RunnerMeasures.freshNamespace("tables" + others);
    String meta = RunnerMeasures.metaNamespace(namespace);
    raw.createNamespace(namespace);
    try {
      MigrationRunner runner = runners.runner(namespace, CHAIN);
      runner.migrate(Chains.version(FROM));
      for (int i = 1; i <= others; i++) {
        catalog.createTable(
            TableIdentifier.of(namespace, String.format(Locale.ROOT, "other_%03d", i)),
            OTHER_SCHEMA);
      }
      runner.migrate(Chains.version(RECORDED));
      long start = System.nanoTime();
      runner.migrate(Chains.version(TO));
      return (System.nanoTime() - start) / (TO - RECORDED);
    } finally {
      purgeIfMade(namespace);
      purgeIfMade(meta);
    }
  }

  private void purgeIfMade(String namespace) {
    if (((SupportsNamespaces) catalog).namespaceExists(Namespace.of(namespace))) {
      raw.purge(namespace);
    }
  }

  /** The report's row: a version's cost at 300 other tables against the same at 1. */
  static Target target() {
    return new Target(
        "BT",
        "per version of `migrate(\"0005\")` (the 10-chain from 0002: three one-column versions on"
            + " one table), the namespace holding 300 other tables its history lists",
        "the same, the namespace holding 1 other table",
        "bt.per-version.300",
        "bt.per-version.1",
        1.3);
  }

  /** The report's row of the middle size, reported beside the target. */
  static Target middleTarget() {
    return Target.reported(
        "BT",
        "the same, the namespace holding 100 other tables",
        "the same, the namespace holding 1 other table",
        "bt.per-version.100",
        "bt.per-version.1");
  }

  /** The unit of one of BT's figures in the report's raw medians. */
  static String unit(String key) {
    return switch (key) {
      case "bt.300-over-1", "bt.100-over-1" -> "x";
      case "bt.seconds" -> "s";
      default -> "ms";
    };
  }
}
