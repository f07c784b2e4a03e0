package dev.icebergops.runner;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.ResolvedMigration;
import dev.icebergops.migration.internal.CatalogMigrationContext;
import dev.icebergops.redaction.Redaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs one version's {@code preUpgrade} and {@code upgrade} on a {@link ShadowCatalog}, on the
 * calling thread, and tells how it ended. Post-hooks do not run: they follow a recorded outcome,
 * and a shadow records none.
 */
final class ShadowRun {

  /**
   * How a version ended on the shadow.
   *
   * @param step the helper step that was running when it stopped, or null
   * @param error what stopped it, or null when it ran to the end
   * @param leftOut the data steps the shadow left out (a staged data step), each told as a note
   */
  record Ended(String step, Throwable error, List<String> leftOut) {

    /** The file of the live table the shadow could not read, if that is what stopped it. */
    ShadowFileIO.NotOnShadow notOnShadow() {
      return StepFailures.cause(error, ShadowFileIO.NotOnShadow.class);
    }

    /** The error as migrate would report it, URL credentials masked. */
    String message(ResolvedMigration resolved, String namespace) {
      String where = step == null ? "upgrade" : "upgrade step '" + step + "'";
      return Redaction.scrub(
          "Cannot apply migration %s to %s: %s failed: %s"
              .formatted(resolved, namespace, where, error),
          Map.of());
    }
  }

  private ShadowRun() {}

  static Ended upgrade(ShadowCatalog shadow, String namespace, ResolvedMigration resolved) {
    Migration migration = resolved.migration();
    List<String> leftOut = new ArrayList<>();
    StepLog steps = // remembers the step that is running, and leaves data steps out
        new StepLog(done -> {}) {
          @Override
          public boolean leavesOut(String note) {
            leftOut.add(note);
            return true;
          }
        };
    MigrationContext ctx =
        new CatalogMigrationContext(shadow, namespace, steps, resolved.version());
    try {
      migration.preUpgrade(ctx);
      migration.upgrade(ctx);
      return new Ended(null, null, leftOut);
    } catch (Exception | LinkageError | AssertionError e) {
      return new Ended(steps.current(), e, leftOut);
    }
  }
}
