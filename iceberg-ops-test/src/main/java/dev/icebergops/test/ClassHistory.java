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
 *
 * @param metaNamespace the namespace of the history table
 * @param owned whether the class owns the history table: then it is dropped when the class ends,
 *     and the rows of a test's namespace go with it
 */
record ClassHistory(Catalog catalog, String metaNamespace, boolean owned) implements AutoCloseable {

  /**
   * The history namespace a builder supplied, which outlives the class, or else one of the class's
   * own, {@code <prefix>_history_<random>}.
   */
  static ClassHistory of(Catalog catalog, SuiteConfig config) {
    return config.metaNamespace() == null
        ? new ClassHistory(catalog, config.uniqueName("history"), true)
        : new ClassHistory(catalog, config.metaNamespace(), false);
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
      SuiteLog.took("Dropped history namespace {} in {} ms", start, metaNamespace);
    } else {
      LOG.debug("History namespace {} was never created", metaNamespace);
    }
  }
}
