package dev.icebergops.runner;

import java.util.List;
import java.util.Objects;

/**
 * What happens during a run, told as it happens to the listener of {@link
 * MigrationRunner.Builder#onEvent}.
 *
 * <pre>{@code
 * MigrationRunner runner =
 *     MigrationRunner.builder(catalog)
 *         .onEvent(
 *             event -> {
 *               if (event instanceof RunEvent.StepDone done) {
 *                 LOG.info("{} {}", done.step().version(), done.step().description());
 *               }
 *             })
 *         ...
 * }</pre>
 */
public sealed interface RunEvent {

  /**
   * A {@code migrate}, {@code rollback} or {@code stamp} has just applied, rolled back or stamped
   * {@code step}'s version (for progress lines); a listener that fails on it is logged.
   */
  record StepDone(MigrationStep step) implements RunEvent {
    /**
     * @throws NullPointerException if {@code step} is null
     */
    public StepDone {
      Objects.requireNonNull(step, "step");
    }
  }

  /**
   * A {@code rollback} that has versions to undo is about to downgrade {@code versions} (newest
   * first): told after it has taken the namespace's lease and before the first downgrade runs, for
   * a caller that must prepare the namespace's tables first (a test toolkit's copy that restores
   * the earlier schemas its downgrades may look up, say). An exception the listener throws on it
   * stops the rollback before any downgrade, and propagates.
   */
  record DowngradesStarting(List<String> versions) implements RunEvent {
    /**
     * @throws NullPointerException if {@code versions} is null
     */
    public DowngradesStarting {
      versions = List.copyOf(versions);
    }
  }
}
