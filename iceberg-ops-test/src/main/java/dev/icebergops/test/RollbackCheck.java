package dev.icebergops.test;

import static dev.icebergops.test.SuiteLog.LOG;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.runner.MigrationException;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.internal.StateChanges;
import java.util.List;
import org.opentest4j.AssertionFailedError;

/**
 * The after-test check of {@link IcebergMigrations#checkDowngrade()}: brings a test's namespace
 * back to where it started and fails when it differs from then. A namespace that started from a
 * template returns to the template's version (rolling back what the test applied beyond it, or
 * migrating back up to it); one that was migrated, or with {@link
 * IcebergMigrations#fullRollbackEachTest()}, rolls back down to {@code downTo}; one that started
 * from a snapshot, to the snapshot's version. A test that started from a template and ran no
 * migration has nothing to roll back: the changes it made to its copy directly go with the
 * namespace. Whether it ran one is read from the history, unless no runner of the JVM wrote the
 * history table since the namespace was prepared: then nothing is asked of the catalog.
 */
record RollbackCheck(SuiteConfig config, IrreversibleShapes shapes) {

  /**
   * Rolls {@code namespace} back and checks that no trace of its test is left.
   *
   * @throws AssertionFailedError naming the irreversible version, or showing what was left behind
   */
  void run(TestNamespace namespace) {
    long start = System.nanoTime();
    NamespaceStart.ReturnPoint point = namespace.returnPoint();
    MigrationRunner runner = namespace.runner();
    String to = point.version();
    boolean exact = point.untouched() != null;
    try {
      // no history write of this JVM since the namespace was prepared: its rows are as they were
      List<HistoryRecord> rows =
          exact && !namespace.historyMayHaveChanged() ? null : runner.history();
      if (exact && (rows == null || point.untouched().test(rows))) {
        // no migration ran: what the test did to its copy directly goes with the namespace
        LOG.debug(
            "{} ran no migration in {}: nothing to roll back",
            namespace.testName(),
            namespace.name());
        return;
      }
      // a test that never ran a migration (the standard checks' tests, say) has nothing to roll
      // back, and a rollback would take the run lease, creating the history table to do so
      if (rows.stream().anyMatch(row -> above(row, to))) {
        runner.rollbackTo(to);
      } else if (exact && !applied(rows, to)) {
        runner.migrate(to); // the test rolled back below its start
      }
    } catch (MigrationException stopped) {
      irreversible(namespace, to, stopped);
      return;
    }
    checkNoTrace(namespace, point.shape().get(), point.where());
    SuiteLog.took("Rolled back {} to {} and found no trace in {} ms", start, namespace.name(), to);
  }

  /** A rollback stopped: fine at an allowed irreversible version, with no trace of the test. */
  private void irreversible(TestNamespace namespace, String to, MigrationException stopped) {
    if (!stopped.isIrreversible()) {
      throw stopped;
    }
    Throwable e = stopped.getCause();
    String version = namespace.runner().current().orElse("?");
    if (config.irreversible().contains(version)) {
      LOG.info(
          "Rollback of {} after {} stopped at irreversible migration {} (allowed): {}",
          namespace.name(),
          namespace.testName(),
          version,
          e.getMessage());
      checkNoTrace(
          namespace,
          shapes.at(version, namespace.name()),
          version + ", where the rollback stops (irreversible)");
      return;
    }
    throw new AssertionFailedError(
        ("Expecting the migrations of %s to roll back to %s after %s,\nbut migration %s is"
                + " irreversible: %s\n(list it in @IcebergMigrations(irreversible = ...) if that"
                + " is intended)")
            .formatted(namespace.name(), to, namespace.testName(), version, e.getMessage()),
        e);
  }

  /** A row of a version above {@code version} that a rollback to it would undo or refuse. */
  private static boolean above(HistoryRecord row, String version) {
    return row.version().compareTo(version) > 0
        && row.status() != HistoryRecord.Status.ROLLED_BACK
        && row.status() != HistoryRecord.Status.PENDING;
  }

  private static boolean applied(List<HistoryRecord> rows, String version) {
    return rows.stream()
        .anyMatch(
            row -> row.version().equals(version) && row.status() == HistoryRecord.Status.APPLIED);
  }

  private static void checkNoTrace(
      TestNamespace namespace, NamespaceTables expected, String where) {
    NamespaceTables now = NamespaceTables.capture(namespace.catalog(), namespace.name());
    StateChanges diff = StateChanges.between(namespace.name(), expected, now);
    if (!diff.isEmpty()) {
      throw new AssertionFailedError(
          ("Expecting no trace of %s in %s after rolling back to %s,\nbut the namespace differs"
                  + " from when it was at that version:\n%s")
              .formatted(namespace.testName(), namespace.name(), where, diff.describe()));
    }
  }
}
