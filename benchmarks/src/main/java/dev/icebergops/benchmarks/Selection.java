package dev.icebergops.benchmarks;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which measures a run takes: every one, or those the system property {@value #PROPERTY} lists (ids
 * such as {@code B2,B3}). The chain-scale measures have ids of their own, {@code B2N} (B2 at N =
 * 10, 100 and 300), {@code B5N} (B5 likewise) and {@code BL} (the baseline), and {@value #CHAINS}
 * selects the three; {@code B2} and {@code B5} are the measures at N = 10 and 50 alone. Issue 38's
 * measures ({@link CostMeasures}) are {@code B2S}, {@code B2R}, {@code B5I}, {@code B5R} and {@code
 * B2W}, at the lengths of the {@link ChainPlan}; {@code BH} is a run's cost against the runs its
 * history table has served ({@link HistoryGrowth}), {@code BT} a version's cost against the
 * namespace's table count ({@link TableCountGrowth}). A partial run never rewrites BENCHMARKS.md.
 */
record Selection(Set<String> ids) {

  static final String PROPERTY = "iceberg-ops.bench.only";

  /** The id that selects every chain-scale measure. */
  static final String CHAINS = "CHAINS";

  private static final Set<String> CHAIN_IDS = Set.of("B2N", "B5N", "BL");

  /** The selection of this JVM's system property; every measure when it is unset or blank. */
  static Selection fromSystemProperty() {
    String value = System.getProperty(PROPERTY, "").trim();
    if (value.isEmpty()) {
      return new Selection(Set.of());
    }
    return new Selection(
        Arrays.stream(value.split(","))
            .map(id -> id.trim().toUpperCase(Locale.ROOT))
            .filter(id -> !id.isEmpty())
            .collect(Collectors.toUnmodifiableSet()));
  }

  boolean all() {
    return ids.isEmpty();
  }

  boolean includes(String id) {
    return all() || ids.contains(id) || (CHAIN_IDS.contains(id) && ids.contains(CHAINS));
  }

  /** The system property that hands this selection to a measuring JVM. */
  String argument() {
    return "-D" + PROPERTY + "=" + String.join(",", ids);
  }
}
