package dev.icebergops.test;

import dev.icebergops.state.NamespaceTables;
import dev.icebergops.test.internal.SuiteReport;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Everything one test class's tests share, kept as one value in the class's store under {@link
 * IcebergMigrationsExtension#STORE}: its setup (settings, environment, history table, templates),
 * its report, the shapes at its allowed irreversible versions and its standard checks' journey.
 * JUnit closes it when the class ends (as a {@code CloseableResource} on every JUnit 5 version, and
 * as an {@link AutoCloseable} on 5.13 and later; closing twice is harmless): the journey's,
 * templates' and history namespaces are dropped, and nothing of the class stays behind in the run.
 */
@SuppressWarnings("deprecation") // CloseableResource: the only way JUnit 5 before 5.13 closes
final class ClassState implements ExtensionContext.Store.CloseableResource, AutoCloseable {

  private final ClassSetup setup;
  private final SuiteReport report;
  private final Map<String, NamespaceTables> irreversibleBaselines;
  private ClassJourney journey;
  private boolean closed;

  private ClassState(
      ClassSetup setup, SuiteReport report, Map<String, NamespaceTables> irreversibleBaselines) {
    this.setup = setup;
    this.report = report;
    this.irreversibleBaselines = irreversibleBaselines;
  }

  /**
   * Checks and sets up the class of {@code context} and stores its state in the class's store.
   *
   * @param programmatic what a builder gave, or null for the class's {@link IcebergMigrations}
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming the setting at
   *     fault
   */
  static ClassState open(ExtensionContext context, ProgrammaticConfiguration programmatic) {
    Map<String, NamespaceTables> baselines = new ConcurrentHashMap<>();
    ClassSetup setup = ClassSetup.of(context, programmatic, baselines);
    ClassState state =
        new ClassState(
            setup, new SuiteReport(ClassReports.title(setup.settings().testClass())), baselines);
    context.getStore(IcebergMigrationsExtension.STORE).put(ClassState.class, state);
    return state;
  }

  /**
   * The state of the class of {@code context} (a class or one of its tests), or null when the class
   * has none of its own (its setup failed): never an enclosing class's state.
   */
  static ClassState of(ExtensionContext context) {
    ClassState state =
        context.getStore(IcebergMigrationsExtension.STORE).get(ClassState.class, ClassState.class);
    return state != null && state.setup.settings().testClass() == context.getRequiredTestClass()
        ? state
        : null;
  }

  ClassSetup setup() {
    return setup;
  }

  /** The class's report, collected while its tests run. */
  SuiteReport report() {
    return report;
  }

  /** The shapes at allowed irreversible versions that the class's tests share. */
  Map<String, NamespaceTables> irreversibleBaselines() {
    return irreversibleBaselines;
  }

  /** The shared journey of the class's standard checks, not walked until asked for. */
  synchronized ClassJourney journey() {
    if (journey == null) {
      journey = new ClassJourney(setup);
    }
    return journey;
  }

  /** Whether the class has ended and its namespaces were dropped. */
  synchronized boolean isClosed() {
    return closed;
  }

  /** Drops the journey's namespace, the templates and the class's own history table, in order. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (journey != null) {
        journey.close();
      }
    } finally {
      try {
        setup.templates().close();
      } finally {
        setup.history().close();
      }
    }
  }
}
