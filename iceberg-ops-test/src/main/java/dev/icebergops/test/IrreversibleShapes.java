package dev.icebergops.test;

import dev.icebergops.state.NamespaceTables;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The shape at each allowed irreversible version, shared by the tests of one class (the same
 * migrations give the same shape in any namespace): recorded by a walk or a test passing the
 * version, or else taken once from a scratch namespace migrated to it.
 *
 * @param shapes the shapes recorded so far, by version
 */
record IrreversibleShapes(SuiteRunners runners, Map<String, NamespaceTables> shapes) {

  IrreversibleShapes(SuiteRunners runners) {
    this(runners, new ConcurrentHashMap<>());
  }

  /** Records the shape at {@code version}, taken by {@code capture}, unless one is recorded. */
  void record(String version, Supplier<NamespaceTables> capture) {
    shapes.computeIfAbsent(version, v -> capture.get());
  }

  /**
   * The shape at {@code version}; when none is recorded, taken in the scratch namespace {@code
   * <near>_at_<version>}, dropped afterwards.
   */
  NamespaceTables at(String version, String near) {
    return shapes.computeIfAbsent(version, v -> scratch(v, near + "_at_" + v));
  }

  private NamespaceTables scratch(String version, String scratch) {
    try {
      runners.alone(scratch).migrate(version);
      return NamespaceTables.capture(runners.catalog(), scratch);
    } finally {
      Namespaces.drop(runners.catalog(), scratch);
      Namespaces.drop(runners.catalog(), scratch + "_history");
    }
  }
}
