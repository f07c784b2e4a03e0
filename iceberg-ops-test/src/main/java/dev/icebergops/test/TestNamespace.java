package dev.icebergops.test;

import dev.icebergops.migration.SkippedMigration;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.runner.spi.RunnerSeam;
import dev.icebergops.test.env.IcebergTestEnvironment;
import java.util.List;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One test's namespace, named and given its runner once: brought to the test's version by its
 * {@link NamespaceStart} before the test, and dropped when JUnit closes the test's store, like a
 * {@code @TempDir} (as a {@code CloseableResource} on every JUnit 5 version, and as an {@link
 * AutoCloseable} on 5.13 and later; closing twice is harmless). The after-test rollback and its
 * check are {@link RollbackCheck}'s.
 */
@SuppressWarnings("deprecation") // CloseableResource: the only way JUnit 5 before 5.13 closes
final class TestNamespace implements ExtensionContext.Store.CloseableResource, AutoCloseable {

  private final IcebergTestEnvironment environment;
  private final String testName;
  private final String target;
  private final NamespaceStart start;
  private final MigrationRunner runner;
  private NamespaceStart.ReturnPoint returnPoint;
  private long historyWrites;
  private boolean closed;

  /**
   * The namespace of the test {@code testName}, whose version is {@code target} (null for head),
   * started by {@code start}.
   */
  TestNamespace(
      IcebergTestEnvironment environment,
      SuiteRunners runners,
      String testName,
      String target,
      NamespaceStart start) {
    this.environment = environment;
    this.testName = testName;
    this.target = target;
    this.start = start;
    this.runner =
        runners.forTest(
            start.name(), start.presumedHistory(), versions -> start.beforeFirstRollback(runner()));
  }

  /** Brings the namespace to the test's version. */
  void prepare() {
    long begin = System.nanoTime();
    returnPoint = start.prepare(runner, target);
    historyWrites = RunnerSeam.historyWrites(runner);
    SuiteLog.took("Prepared namespace {} {} for {} in {} ms", begin, name(), start, testName);
  }

  /** Fails the test when it damaged what the class's later tests start from. */
  void checkShared() {
    start.checkShared(testName);
  }

  /** Whether {@link #prepare()} brought the namespace to the test's version. */
  boolean isPrepared() {
    return returnPoint != null;
  }

  /**
   * Whether a runner of this JVM may have written the history table of the namespace's runner since
   * {@link #prepare()}: false says, without asking the catalog, that no migration of this JVM ran
   * there (one run by another process is not seen).
   */
  boolean historyMayHaveChanged() {
    return RunnerSeam.historyWrites(runner) != historyWrites;
  }

  /** Where the after-test rollback brings the namespace back to; null before {@link #prepare}. */
  NamespaceStart.ReturnPoint returnPoint() {
    return returnPoint;
  }

  String name() {
    return start.name();
  }

  String testName() {
    return testName;
  }

  MigrationRunner runner() {
    return runner;
  }

  Catalog catalog() {
    return environment.catalog();
  }

  IcebergTestEnvironment environment() {
    return environment;
  }

  /** The classes that look like migrations but that the source leaves out for this namespace. */
  List<SkippedMigration> skipped() {
    return runner.source().skipped(name());
  }

  /**
   * Drops every table of the test's namespace, then the namespace; its history rows go with the
   * class's history table.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    long begin = System.nanoTime();
    start.drop(catalog());
    SuiteLog.took("Dropped namespace {} in {} ms", begin, name());
  }
}
