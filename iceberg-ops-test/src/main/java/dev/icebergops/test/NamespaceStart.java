package dev.icebergops.test;

import dev.icebergops.history.HistoryRecord;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.state.NamespaceTables;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.iceberg.catalog.Catalog;

/**
 * One way a test's namespace starts: migrated itself ({@link MigratedStart}), a copy of its class's
 * template ({@link TemplateCopyStart}), or production's snapshot ({@link SnapshotStart}). Each
 * names the namespace, brings it to the test's version, says where the after-test rollback brings
 * it back to, and drops it.
 */
interface NamespaceStart {

  /** The namespace's name, chosen before anything is created in it. */
  String name();

  /**
   * Brings the runner's new namespace to {@code target} (null for head).
   *
   * @return where the after-test rollback brings it back to
   */
  ReturnPoint prepare(MigrationRunner runner, String target);

  /**
   * Runs after the test {@code testName}, before the rollback check: fails it when it damaged what
   * the class's later tests start from.
   */
  default void checkShared(String testName) {}

  /**
   * The history rows the namespace's runner reads while it has stored none (see {@code
   * RunnerSeam#presumedHistory}): those of the state it starts as a copy of.
   */
  default List<HistoryRecord> presumedHistory() {
    return List.of();
  }

  /** Runs before the first rollback in the namespace. */
  default void beforeFirstRollback(MigrationRunner runner) {}

  /** Drops the namespace with every table in it. */
  default void drop(Catalog catalog) {
    Namespaces.drop(catalog, name());
  }

  /**
   * Where the after-test rollback brings a namespace back to, and what it must look like there.
   *
   * @param version the version to return to
   * @param shape the namespace's shape at that version
   * @param where the version as the no-trace message names it
   * @param untouched for a return to exactly {@code version} (migrating back up to it if the test
   *     went below), whether the history rows are still those the namespace started with, so that
   *     nothing is to roll back; null for a rollback down to {@code version} only
   */
  record ReturnPoint(
      String version,
      Supplier<NamespaceTables> shape,
      String where,
      Predicate<List<HistoryRecord>> untouched) {}
}
