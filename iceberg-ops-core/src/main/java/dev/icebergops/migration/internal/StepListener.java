package dev.icebergops.migration.internal;

/**
 * Told about each change a {@code MigrationContext} helper makes, so the runner can record what a
 * migration committed. Not part of the public API.
 */
public interface StepListener {

  /** Does nothing. */
  StepListener NONE =
      new StepListener() {
        @Override
        public void beforeStep(String step) {}

        @Override
        public void afterStep(String step) {}
      };

  /**
   * Called before a helper starts changing a table.
   *
   * @param step what the helper is about to do, for example {@code add column sales.orders.region}
   */
  void beforeStep(String step);

  /**
   * Called after a helper returned normally: its changes are committed.
   *
   * @param step the step, as given to {@link #beforeStep}
   */
  void afterStep(String step);
}
