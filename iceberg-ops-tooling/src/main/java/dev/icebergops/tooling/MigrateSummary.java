package dev.icebergops.tooling;

import dev.icebergops.runner.MigrationResult;
import dev.icebergops.runner.MigrationStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The closing lines of a {@code migrate}, the command line's and the Maven plugin's alike: where
 * the namespace is, then what the chain cost.
 */
public final class MigrateSummary {

  private MigrateSummary() {}

  /**
   * Where the namespace is now, then, when the run applied versions, their count, the sum of their
   * times and the wall time of the whole migrate (validation, history, lease and all): for example
   * {@code 2 versions in 572 ms; the whole migrate took 1204 ms}.
   *
   * @param result what the migrate did
   * @param wall how long the whole migrate took, measured by the caller
   * @return one or two lines
   */
  public static List<String> lines(MigrationResult result, Duration wall) {
    List<String> lines = new ArrayList<>();
    lines.add(
        (result.steps().isEmpty()
                ? "Nothing to apply: " + result.namespace() + " is at "
                : result.namespace() + " is now at ")
            + result.current().orElse("none")
            + result.baseline().map(b -> " (from baseline " + b + ")").orElse(""));
    if (!result.steps().isEmpty()) {
      long sum =
          result.steps().stream().map(MigrationStep::duration).mapToLong(Duration::toMillis).sum();
      int count = result.steps().size();
      lines.add(
          "%s %s in %s ms; the whole migrate took %s ms"
              .formatted(count, count == 1 ? "version" : "versions", sum, wall.toMillis()));
    }
    return lines;
  }
}
