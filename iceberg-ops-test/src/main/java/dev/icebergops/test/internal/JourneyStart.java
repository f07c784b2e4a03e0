package dev.icebergops.test.internal;

import dev.icebergops.runner.MigrationRunner;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where the standard checks start: an empty namespace (version {@code 0000}), or a namespace that
 * already holds production's shape at a recorded version (a snapshot, {@code startFrom}). The
 * checks walk only the pending versions, those above the start's version: up from the start, and
 * back down to it; the versions at or below it are production's already and are never run.
 *
 * <pre>{@code
 * JourneyStart start = new JourneyStart("0002", "the snapshot classpath:snapshots/prod/sales",
 *     runner -> { snapshot.registerIn(runner);
 *                 return ""; });
 * SharedJourney.walk(runners, start.settings(settings), contracts, start, WalkSchemas.whenWorthIt());
 * }</pre>
 *
 * @param version the version the namespace is at when the checks start ({@code 0000} when none is
 *     applied)
 * @param origin what the checks start from, for messages, e.g. "an empty namespace"
 * @param prepare brings an empty namespace (the runner's) to the start, and returns what a failing
 *     upgrade from there should add to its message (the start's drift, say), or ""
 */
public record JourneyStart(
    String version, String origin, Function<MigrationRunner, String> prepare) {

  private static final String BASE = MigrationRunner.BASE_VERSION;
  private static final JourneyStart EMPTY = new JourneyStart(BASE, "an empty namespace", r -> "");

  /** Requires every component. */
  public JourneyStart {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(prepare, "prepare");
  }

  /** An empty namespace: every version is pending. */
  public static JourneyStart empty() {
    return EMPTY;
  }

  /** Whether this is an empty namespace. */
  public boolean isEmpty() {
    return this == EMPTY;
  }

  /** Whether {@code candidate} is above the start: a version the checks walk. */
  boolean isPending(String candidate) {
    return candidate.compareTo(version) > 0;
  }

  /** Whether the runner's namespace is at the start's version. */
  public boolean isAt(MigrationRunner runner) {
    return runner.current().orElse(BASE).equals(version);
  }

  /**
   * Brings the runner's empty namespace to the start.
   *
   * @return what a failing upgrade from the start should add to its message, or ""
   */
  String prepare(MigrationRunner runner) {
    return isEmpty() ? "" : prepare.apply(runner);
  }

  /**
   * The checks' settings from this start: a {@code downTo} below the start's version (the default
   * {@code 0000}, say) becomes the start's version, since the checks never go below it.
   */
  public CheckSettings settings(CheckSettings settings) {
    if (settings.downTo().compareTo(version) >= 0) {
      return settings;
    }
    return new CheckSettings(
        settings.allowedIrreversible(), version, settings.strictFieldIds(), settings.backfills());
  }

  @Override
  public String toString() {
    return isEmpty() ? origin : origin + " (at " + version + ")";
  }
}
