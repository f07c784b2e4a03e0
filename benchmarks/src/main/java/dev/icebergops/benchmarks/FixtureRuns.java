package dev.icebergops.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs generated JUnit fixture classes in one launcher session (so they share one test environment,
 * as the classes of a build do) and times each class and each test; a {@link Timings} listener
 * hears each time as soon as it is taken.
 */
final class FixtureRuns implements TestExecutionListener {

  /** Hears each passed test's and each class's time as it is taken. */
  interface Timings {

    /** Test number {@code index} (from 0, in the order run) of the class passed in that time. */
    void testFinished(String className, int index, long nanos);

    /** The class finished in that time, its tests' own times making up {@code inTests}. */
    void classFinished(String className, long nanos, long inTests);
  }

  private static final Timings NONE =
      new Timings() {
        @Override
        public void testFinished(String className, int index, long nanos) {}

        @Override
        public void classFinished(String className, long nanos, long inTests) {}
      };

  private final Timings timings;

  private final Map<String, Long> started = new ConcurrentHashMap<>();
  private final Map<String, Long> classNanos = new LinkedHashMap<>();
  private final Map<String, List<Long>> testNanos = new LinkedHashMap<>();
  private final List<String> failures = new ArrayList<>();

  /**
   * Runs the classes in order.
   *
   * @throws IllegalStateException if a fixture test failed: its figure would be meaningless
   */
  static FixtureRuns run(ClassLoader loader, List<String> classNames) throws Exception {
    return run(loader, classNames, NONE);
  }

  /**
   * Runs the classes in order, telling {@code timings} each time as it is taken, so that a session
   * that fails part-way has already handed over what it measured.
   *
   * @throws IllegalStateException if a fixture test failed: its figure would be meaningless
   */
  static FixtureRuns run(ClassLoader loader, List<String> classNames, Timings timings)
      throws Exception {
    FixtureRuns runs = new FixtureRuns(timings);
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
    for (String name : classNames) {
      request.selectors(selectClass(Class.forName(name, false, loader)));
    }
    LauncherDiscoveryRequest discovery = request.build();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(discovery, runs);
    if (!runs.failures.isEmpty()) {
      throw new IllegalStateException(
          "Cannot measure the fixtures: " + String.join("; ", runs.failures));
    }
    return runs;
  }

  private FixtureRuns(Timings timings) {
    this.timings = timings;
  }

  /** How long the class took, its callbacks and tests included. */
  long classNanos(String className) {
    Long nanos = classNanos.get(className);
    if (nanos == null) {
      throw new IllegalArgumentException("Cannot time class " + className + ": it did not run");
    }
    return nanos;
  }

  /** How long each test of the class took, its before and after callbacks included. */
  List<Long> testNanos(String className) {
    return testNanos.getOrDefault(className, List.of());
  }

  @Override
  public void executionStarted(TestIdentifier id) {
    started.put(id.getUniqueId(), System.nanoTime());
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    long nanos = System.nanoTime() - started.get(id.getUniqueId());
    if (result.getStatus() == TestExecutionResult.Status.FAILED) {
      failures.add(
          id.getDisplayName()
              + ": "
              + result.getThrowable().map(Throwable::toString).orElse("failed"));
    }
    id.getSource()
        .ifPresent(
            source -> {
              if (source instanceof ClassSource cs && id.isContainer()) {
                long inTests;
                synchronized (this) {
                  classNanos.put(cs.getClassName(), nanos);
                  inTests =
                      testNanos.getOrDefault(cs.getClassName(), List.of()).stream()
                          .mapToLong(Long::longValue)
                          .sum();
                }
                if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                  timings.classFinished(cs.getClassName(), nanos, inTests);
                }
              }
            });
    if (id.isTest()) {
      String className = id.getUniqueId().replaceAll(".*\\[class:([^\\]]+)\\].*", "$1");
      int index;
      synchronized (this) {
        List<Long> times = testNanos.computeIfAbsent(className, k -> new ArrayList<>());
        times.add(nanos);
        index = times.size() - 1;
      }
      if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
        timings.testFinished(className, index, nanos);
      }
    }
  }
}
