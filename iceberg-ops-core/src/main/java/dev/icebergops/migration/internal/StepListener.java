package dev.icebergops.migration.internal;

/**
 * Told about each change a {@code MigrationContext} helper makes, so the runner can record what a
 * migration committed. Not part of the public API.
 */
public interface StepListener {

  /** Does nothing. */
  StepListener NONE = new StepListener() {};

  /**
   * Called before a helper starts changing a table; does nothing unless overridden.
   *
   * @param step what the helper is about to do, for example {@code add column sales.orders.region}
   */
  default void beforeStep(String step) {}

  /**
   * Called before a step that runs the migration's own code (a staged data step's write or audits)
   * rather than waiting on the catalog: no time bound applies to it. Otherwise as {@link
   * #beforeStep}.
   */
  default void beforeOwnCodeStep(String step) {
    beforeStep(step);
  }

  /**
   * Asks whether a step that writes data is left out, as a preview's shadow does (it shows tables'
   * shapes, not their rows): a listener that leaves it out keeps the note for its report.
   *
   * @param note what the step would do, for the report
   * @return whether the step is left out
   */
  default boolean leavesOut(String note) {
    return false;
  }

  /**
   * Called after a helper returned normally: its changes are committed. Does nothing unless
   * overridden.
   *
   * @param step the step, as given to {@link #beforeStep}
   */
  default void afterStep(String step) {}
}
