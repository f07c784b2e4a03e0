package dev.icebergops.test;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * Where the template copies of one test class keep their files: under a location of the class's own
 * beside the warehouse's namespaces, so that a test's copy is dropped without its files (no purge,
 * which makes the catalog read the copy's metadata and delete file by file) and the files of every
 * copy of the class, those no metadata names included, go in one deletion by prefix when the class
 * ends.
 *
 * @param name the name of the class's locations, {@code <warehouse>/<name>}
 * @param roots the class's locations so far, one per warehouse, with the files of their store
 */
record ClassCopies(String name, Map<String, SupportsPrefixOperations> roots)
    implements AutoCloseable {

  /** The copies of a class, under {@code <warehouse>/<name>}. */
  ClassCopies(String name) {
    this(name, new ConcurrentHashMap<>());
  }

  /**
   * The location under which the class's copies in {@code warehouse} go: {@code warehouse} itself
   * when {@code io} cannot delete by prefix (such copies are purged one by one).
   */
  String root(String warehouse, FileIO io) {
    if (!(io instanceof SupportsPrefixOperations files)) {
      return warehouse;
    }
    String root = warehouse + "/" + name;
    roots.putIfAbsent(root, files);
    return root;
  }

  /** Whether the files under {@code location} are deleted when the class ends. */
  boolean holds(String location) {
    return roots.keySet().stream().anyMatch(root -> location.startsWith(root + "/"));
  }

  /** Deletes every file under the class's locations. */
  @Override
  public void close() {
    roots.forEach((root, files) -> files.deletePrefix(root + "/"));
    roots.clear();
  }
}
