package dev.icebergops.test;

import static dev.icebergops.test.SuiteLog.LOG;

import org.apache.iceberg.catalog.Catalog;

/**
 * The history table that the tests of one class share, each test's rows under its own namespace:
 * created by the first runner that writes to it (a copy of a template stores the template's rows
 * with its first write only, see {@link TemplateCopyStart}), and dropped with its namespace and
 * every test's rows when the class ends (as a resource of the class's {@link ClassState}). A test's
 * rows stay until then: deleting them when its namespace is dropped would cost each test a commit.
 * A meta-namespace a builder supplied is shared, never cleared nor dropped.
 */
final class ClassHistory implements AutoCloseable {

  private final Catalog catalog;
  private final String metaNamespace;
  private final boolean owned;

  /**
   * The history namespace a builder supplied, which outlives the class, or else one of the class's
   * own, {@code <prefix>_history_<random>}.
   */
  ClassHistory(Catalog catalog, SuiteConfig config) {
    this.catalog = catalog;
    this.owned = config.metaNamespace() == null;
    this.metaNamespace = owned ? config.uniqueName("history") : config.metaNamespace();
  }

  /** The namespace of the history table. */
  String metaNamespace() {
    return metaNamespace;
  }

  /**
   * Whether the class owns the history table: then it is dropped when the class ends, and the rows
   * of a test's namespace go with it.
   */
  boolean owned() {
    return owned;
  }

  /**
   * Drops the class's own history table and its namespace, when the class owns them: by deleting
   * everything under the table's location in bulk where the store lists by prefix, rather than
   * through the catalog's purge, which reads every manifest and deletes each file with a request of
   * its own ({@link Namespaces#dropAllByLocation}).
   */
  @Override
  public void close() {
    if (!owned) {
      return;
    }
    long start = System.nanoTime();
    if (Namespaces.dropAllByLocation(catalog, metaNamespace)) {
      LOG.info(
          "Dropped history namespace {} in {} ms",
          metaNamespace,
          (System.nanoTime() - start) / 1_000_000);
    } else {
      LOG.debug("History namespace {} was never created", metaNamespace);
    }
  }
}
